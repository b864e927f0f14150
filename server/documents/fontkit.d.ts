/** fontkit ships no types: the part the documents use (pdfkit takes the font object it returns). */
declare module 'fontkit' {
  export interface Font { layout(text: string): unknown }
  export function create(buffer: Uint8Array): Font;
}
