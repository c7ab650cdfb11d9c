import { code128Modules, isCode128Text } from '../domain/code128';

/**
 * A coupon's barcode as Code 128 (src/domain/code128.ts): one rect per dark run, 10-module quiet
 * zones, scaled to the width it is given (crisp edges). Text Code 128 cannot carry shows as text only.
 */
export function Barcode({ value, label, height = 88 }: { value: string; label: string; height?: number }) {
  if (!isCode128Text(value)) return <div aria-label={label}>{value}</div>;
  const modules = code128Modules(value);
  const quiet = 10;
  const bars: { x: number; w: number }[] = [];
  for (let i = 0; i < modules.length; ) {
    if (modules[i] === '1') {
      let j = i;
      while (modules[j] === '1') j++;
      bars.push({ x: quiet + i, w: j - i });
      i = j;
    } else i++;
  }
  const width = modules.length + 2 * quiet;
  return (
    <figure style={{ margin: 0, textAlign: 'center' }}>
      <svg
        role="img" aria-label={label} data-testid="coupon-barcode" data-modules={modules}
        viewBox={`0 0 ${width} 60`} width="100%" height={height} preserveAspectRatio="none" shapeRendering="crispEdges"
        style={{ background: '#fff', display: 'block', maxWidth: Math.max(width * 2, 240), margin: '0 auto' }}
      >
        {bars.map((b) => <rect key={b.x} x={b.x} y={0} width={b.w} height={60} fill="#000" />)}
      </svg>
      <figcaption style={{ fontFamily: 'monospace', letterSpacing: 2, marginTop: 4 }}>{value}</figcaption>
    </figure>
  );
}
