/** A circular percent-complete indicator: an SVG with the progressbar role and its values. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  // 99.6 % is not complete: only a cycle with nothing left to earn shows 100 and the complete colour.
  return Math.min(value >= 100 ? 100 : 99, Math.max(0, Math.round(value)));
}

export function ProgressRing(props: { percent: number; label: string; size?: number }) {
  const size = props.size ?? 84;
  const stroke = 8;
  const value = clampPercent(props.percent);
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const center = size / 2;
  return (
    <svg
      className="progress-ring"
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}% complete`}
    >
      <circle
        className="progress-ring-track"
        cx={center}
        cy={center}
        r={radius}
        fill="none"
        strokeWidth={stroke}
      />
      <circle
        className={`progress-ring-value${value === 100 ? ' is-complete' : ''}`}
        cx={center}
        cy={center}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - value / 100)}
        transform={`rotate(-90 ${center} ${center})`}
      />
      <text
        className="progress-ring-text"
        x="50%"
        y="50%"
        textAnchor="middle"
        dominantBaseline="central"
        aria-hidden="true"
      >
        {value}%
      </text>
    </svg>
  );
}
