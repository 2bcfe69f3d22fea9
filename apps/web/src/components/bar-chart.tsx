/** One bar: a key unique in the chart, its label under the axis and its value. */
export type Bar = { key: string; label: string; value: number };

type Props = {
  bars: Bar[];
  ariaLabel: string;
  color?: string;
  height?: number;
  format?: (value: number) => string;
};

const WIDTH = 600;
const PAD = { left: 8, right: 8, top: 16, bottom: 22 };

/**
 * A plain SVG bar chart that scales to its box (a viewBox, no measuring): reports and the
 * dashboard draw a handful of bars, which no chart library is worth the download for.
 */
export function BarChart({ bars, ariaLabel, color = '#427ef1', height = 180, format = String }: Props) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const plotHeight = height - PAD.top - PAD.bottom;
  const step = (WIDTH - PAD.left - PAD.right) / Math.max(1, bars.length);
  const width = Math.max(1, step * 0.7);
  // Label every bar when they fit, else about eight of them.
  const every = Math.max(1, Math.ceil(bars.length / 8));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      role="img"
      aria-label={ariaLabel}
      data-testid="bar-chart"
    >
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={height - PAD.bottom} y2={height - PAD.bottom} stroke="#d9d9d9" />
      {bars.map((bar, index) => {
        const barHeight = (Math.max(0, bar.value) / max) * plotHeight;
        const x = PAD.left + index * step + (step - width) / 2;
        return (
          <g key={bar.key}>
            <rect x={x} y={height - PAD.bottom - barHeight} width={width} height={barHeight} fill={color} rx={2}>
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
            {index % every === 0 && (
              <text x={x + width / 2} y={height - 6} fontSize={11} textAnchor="middle" fill="#8c8c8c">
                {bar.label.length > 12 ? `${bar.label.slice(0, 11)}…` : bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
