import { useState } from 'react';
import { EMBED_ORIGINS } from '@cpe/shared/security-headers';
import { PlayIcon } from './icons';

/**
 * A youtube-nocookie embed behind a facade: the player (hundreds of KB of
 * third-party script) loads only when the visitor asks for it, so the home
 * page stays fast; the iframe is lazy and titled.
 */
export function VideoEmbed(props: { videoId: string | undefined; title: string }) {
  const [playing, setPlaying] = useState(false);
  const { videoId, title } = props;
  if (!videoId) {
    // No video configured for this deployment: a poster, never a broken player.
    return (
      <div className="ratio ratio-16x9 shadow-sm rounded-3">
        <div className="video-facade">
          <p className="video-facade-poster mb-0">{title}</p>
        </div>
      </div>
    );
  }
  const src = `${EMBED_ORIGINS.video}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
  return (
    <div className="ratio ratio-16x9 shadow-sm rounded-3">
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
