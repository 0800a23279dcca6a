// A badge for a certificate: shields.io's endpoint JSON (https://shields.io/badges/endpoint-badge)
// and the same badge as a small SVG of the kit's own, for a README that should not depend on
// shields.io.

import type { LevelName } from '../requirements/levels.ts';

export interface EndpointBadge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

const COLORS: Record<LevelName, string> = { full: 'brightgreen', core: 'green', objects: 'green' };
const HEX: Record<string, string> = { brightgreen: '#4c1', green: '#97ca00', red: '#e05d44' };

export function endpointBadge(level: { requested: LevelName; met: LevelName | null }, backend: string): EndpointBadge {
  const met = level.met;
  return {
    schemaVersion: 1,
    label: 'spotcheck',
    message: met ? `${met} (${backend})` : `${level.requested}: not met (${backend})`,
    color: met ? COLORS[met] : 'red',
  };
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Approximate width of Verdana 11px text: good enough for a flat badge. */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[il.,:;|!'()\[\] ]/.test(ch) ? 4 : /[mwMW]/.test(ch) ? 10 : /[A-Z]/.test(ch) ? 8 : 7;
  return w;
}

export function badgeSvg(b: EndpointBadge): string {
  const lw = textWidth(b.label) + 12;
  const mw = textWidth(b.message) + 12;
  const w = lw + mw;
  const label = escapeXml(b.label);
  const message = escapeXml(b.message);
  const color = HEX[b.color] ?? b.color;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${label}: ${message}">
  <title>${label}: ${message}</title>
  <clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>
  <g clip-path="url(#r)">
    <rect width="${lw}" height="20" fill="#555"/>
    <rect x="${lw}" width="${mw}" height="20" fill="${color}"/>
  </g>
  <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
    <text x="${lw / 2}" y="14">${label}</text>
    <text x="${lw + mw / 2}" y="14">${message}</text>
  </g>
</svg>
`;
}
