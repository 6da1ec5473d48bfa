import { randomInt } from 'node:crypto';

/** No look-alikes (0/O, 1/I/l). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_SECONDS = 300;

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** Draws the text as an SVG with rotated, offset glyphs and noise lines. */
export function captchaSvg(text: string): string {
  const width = 120;
  const height = 40;
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const colour = `hsl(${randomInt(360)},45%,60%)`;
    parts.push(
      `<path d="M${randomInt(width)} ${randomInt(height)} Q${randomInt(width)} ${randomInt(height)} ${randomInt(width)} ${randomInt(height)}" stroke="${colour}" stroke-width="1.5" fill="none"/>`,
    );
  }
  [...text].forEach((char, i) => {
    const x = 16 + i * 26 + randomInt(6);
    const y = 28 + randomInt(6);
    const angle = randomInt(50) - 25;
    const colour = `hsl(${randomInt(360)},60%,35%)`;
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-family="monospace" font-size="26" font-weight="bold" fill="${colour}">${char}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${parts.join('')}</svg>`;
}
