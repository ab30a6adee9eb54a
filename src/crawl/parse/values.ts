/** Reading numbers and texts out of page fragments. */
import { parsePrice } from '../extract/price.ts';

/** Collapses whitespace (including no-break spaces) and trims. */
export function cleanText(text: string | undefined): string {
  return (text ?? '').replace(/\s+/gu, ' ').trim();
}

/** A price from display text in any of the sites' number formats (`1.299,99 €`, `£1,299.99`), or null. */
export function parseAmount(text: string | undefined): number | null {
  return text === undefined ? null : parsePrice(cleanText(text));
}

/** An integer made of the digits of a text (`(1.234 ratings)` → 1234), or null without digits. */
export function parseCount(text: string | undefined): number | null {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

/** A number from a machine-readable attribute such as `data-rating="4.5"`, or null. */
export function parseNumberAttribute(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Price plus shipping, rounded to cents. */
export function totalOf(price: number, shipping: number): number {
  return Math.round((price + shipping) * 100) / 100;
}
