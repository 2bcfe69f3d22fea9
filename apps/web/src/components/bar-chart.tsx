import { useEffect, useRef, useState } from 'react';

/** One bar: a key unique in the chart, its label under the axis and its value. */
export type Bar = { key: string; label: string; value: number };

type Props = {
  bars: Bar[];
  ariaLabel: string;
  color?: string;
  height?: number;
  format?: (value: number) => string;
};

const PAD = { left: 8, right: 8, top: 16, bottom: 22 };

/**
 * A plain SVG bar chart drawn at its box's measured width, so labels keep their shape on a
 * phone: reports and the dashboard draw a handful of bars, no chart library is worth the download.
 */
export function BarChart({ bars, ariaLabel, color = '#427ef1', height = 180, format = String }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(200, Math.floor(entry?.contentRect.width ?? 0))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const plotHeight = height - PAD.top - PAD.bottom;
  const step = (width - PAD.left - PAD.right) / Math.max(1, bars.length);
  const barWidth = Math.max(1, step * 0.7);
  // Label every bar when they fit, else about eight of them.
  const every = Math.max(1, Math.ceil(bars.length / Math.max(2, Math.floor(width / 90))));
  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={ariaLabel}
        data-testid="bar-chart"
      >
        <line x1={PAD.left} x2={width - PAD.right} y1={height - PAD.bottom} y2={height - PAD.bottom} stroke="#d9d9d9" />
        {bars.map((bar, index) => {
          const barHeight = (Math.max(0, bar.value) / max) * plotHeight;
          const x = PAD.left + index * step + (step - barWidth) / 2;
          return (
            <g key={bar.key}>
              <rect x={x} y={height - PAD.bottom - barHeight} width={barWidth} height={barHeight} fill={color} rx={2}>
                <title>{`${bar.label}: ${format(bar.value)}`}</title>
              </rect>
              {index % every === 0 && (
                <text x={x + barWidth / 2} y={height - 6} fontSize={11} textAnchor="middle" fill="#8c8c8c">
                  {bar.label.length > 12 ? `${bar.label.slice(0, 11)}…` : bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
