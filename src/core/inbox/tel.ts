/** The `tel:` URI of a phone number as people write it: "+32 3 555 01 23" → "tel:+3235550123". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
