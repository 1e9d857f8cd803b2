import { useState } from 'react';
import { EMBED_ORIGINS } from '@cpe/shared/security-headers';
import { PlayIcon } from './icons';

/**
 * The poster: screenshots of the app (public/images, taken from the running
 * app): My Certifications at 1280x720 (and scaled to 800x450) on larger
 * screens; on a phone, a certification's card as a phone shows it, legible at
 * that size. Each fills the 16:9 box; width and height are set, and the box
 * holds the ratio, so nothing moves when the image arrives.
 */
export const POSTER = {
  src: '/images/home-poster-800.webp',
  srcSet: '/images/home-poster-800.webp 800w, /images/home-poster-1280.webp 1280w',
  sizes: '(min-width: 800px) 736px, calc(100vw - 24px)',
  phone: '/images/home-poster-phone.webp',
  /** Below Bootstrap's sm breakpoint. */
  phoneMedia: '(max-width: 575.98px)',
  width: 1280,
  height: 720,
  alt: 'Screenshot of CPE Tracker: a CISSP at 15% of its 120 CPEs, behind pace, with the CPEs a month it needs to finish in time.',
} as const;

function PosterImage(props: { decorative?: boolean }) {
  return (
    <picture>
      <source media={POSTER.phoneMedia} srcSet={POSTER.phone} width={780} height={439} />
      <img
        className="video-poster-image"
        src={POSTER.src}
        srcSet={POSTER.srcSet}
        sizes={POSTER.sizes}
        width={POSTER.width}
        height={POSTER.height}
        alt={props.decorative ? '' : POSTER.alt}
        // The largest thing on the home page: asked for first.
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}

/**
 * A youtube-nocookie embed behind a facade: the player (hundreds of KB of
 * third-party script) loads only when the visitor asks for it, so the home
 * page stays fast; the iframe is lazy and titled. Until then, and wherever no
 * video is configured (locally), the box shows a real screenshot of the app
 * rather than an empty frame.
 */
export function VideoEmbed(props: { videoId: string | undefined; title: string }) {
  const [playing, setPlaying] = useState(false);
  const { videoId, title } = props;
  if (!videoId) {
    return (
      <div className="ratio ratio-16x9 shadow-sm rounded-3 video-box">
        <div className="video-poster">
          <PosterImage />
        </div>
      </div>
    );
  }
  const src = `${EMBED_ORIGINS.video}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
  return (
    <div className="ratio ratio-16x9 shadow-sm rounded-3 video-box">
      {playing ? (
        <iframe
          className="video-frame"
          src={src}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="video-facade" onClick={() => setPlaying(true)}>
          <PosterImage decorative />
          <span className="video-facade-play">
            <PlayIcon />
          </span>
          <span className="video-facade-label">
            <span className="visually-hidden">Play video: </span>
            {title}
          </span>
        </button>
      )}
    </div>
  );
}
