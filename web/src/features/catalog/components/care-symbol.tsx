import type { Care, CareKey } from '@contract/garment-constants';
import type { ReactNode } from 'react';

// The usual care-label symbols (ISO 3758), drawn in a 28-unit box: a washing tub, a bleach
// triangle, a drying square, an iron and a dry-cleaning circle. Decorative: the text beside
// each says what it means.

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const cross = <path d="M3 3 25 25M25 3 3 25" {...stroke} />;
/** Heat dots (1 low, 2 medium, 3 high), centred on the symbol. */
const dots = (n: number, y: number) => {
  const xs = n === 1 ? [14] : n === 2 ? [11.75, 16.25] : [9.5, 14, 18.5];
  return xs.map((cx) => <circle key={cx} cx={cx} cy={y} r={1.4} fill="currentColor" />);
};
const letter = (text: string, y = 18.5, size = 9) => (
  <text
    x="14"
    y={y}
    textAnchor="middle"
    fontSize={size}
    fontWeight={700}
    fontFamily="system-ui, sans-serif"
    fill="currentColor"
  >
    {text}
  </text>
);

function wash(value: Care['wash']): ReactNode {
  const tub = (
    <>
      <path d="M3 8 6.5 23h15L25 8" {...stroke} />
      <path d="M3 8q2.75-2.5 5.5 0t5.5 0 5.5 0 5.5 0" {...stroke} />
    </>
  );
  if (value === 'no')
    return (
      <>
        {tub}
        {cross}
      </>
    );
  if (value === 'hand') {
    return (
      <>
        {tub}
        <path d="M10 20v-5.5m2.5 5.5v-7m2.5 7v-7m2.5 7v-5m-8.5 5.5h9" {...stroke} />
      </>
    );
  }
  const [degrees = '', gentle] = value.split('-');
  return (
    <>
      {tub}
      {letter(degrees, 20, 8)}
      {gentle ? <path d="M7 26.5h14" {...stroke} /> : null}
    </>
  );
}

function bleach(value: Care['bleach']): ReactNode {
  const triangle = <path d="M14 4 25.5 24h-23Z" {...stroke} />;
  if (value === 'any') return triangle;
  const mark = value === 'oxygen' ? <path d="M11 21l5-9m-1 9l5-9" {...stroke} /> : cross;
  return (
    <>
      {triangle}
      {mark}
    </>
  );
}

function dry(value: Care['dry']): ReactNode {
  const square = <rect x="4" y="4" width="20" height="20" rx="1" {...stroke} />;
  if (value === 'line')
    return (
      <>
        {square}
        <path d="M14 8v12" {...stroke} />
      </>
    );
  if (value === 'flat')
    return (
      <>
        {square}
        <path d="M8 14h12" {...stroke} />
      </>
    );
  const drum = <circle cx="14" cy="14" r="7.5" {...stroke} />;
  const mark = value === 'no-tumble' ? cross : dots(value === 'tumble' ? 2 : 1, 14);
  return (
    <>
      {square}
      {drum}
      {mark}
    </>
  );
}

function iron(value: Care['iron']): ReactNode {
  // Sole along the bottom, the point to the left, the handle on top.
  const body = (
    <>
      <path d="M4 21h20v-5q0-5-5-5h-7q-6 0-8 10Z" {...stroke} />
      <path d="M12.5 11V7.5h9" {...stroke} />
    </>
  );
  const n = value === 'high' ? 3 : value === 'medium' ? 2 : 1;
  return (
    <>
      {body}
      {value === 'no' ? cross : dots(n, 16.5)}
    </>
  );
}

const solventLetter = { 'any-solvent': 'P', petroleum: 'F', wet: 'W' } as const;

function dryClean(value: Care['dryClean']): ReactNode {
  const circle = <circle cx="14" cy="14" r="10" {...stroke} />;
  return (
    <>
      {circle}
      {value === 'no' ? cross : letter(solventLetter[value])}
    </>
  );
}

const draw: { [K in CareKey]: (value: Care[K]) => ReactNode } = {
  wash,
  bleach,
  dry,
  iron,
  dryClean,
};

/** One care symbol (decorative: pair it with its text). */
export function CareSymbol<K extends CareKey>({
  kind,
  value,
  className,
}: {
  kind: K;
  value: Care[K];
  className?: string;
}) {
  return (
    <svg viewBox="0 0 28 28" aria-hidden="true" focusable="false" className={className}>
      {draw[kind](value)}
    </svg>
  );
}
