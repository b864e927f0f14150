import './bank-logo.css';

/**
 * A bank's logo in a fixed box: the image fits inside it whole (never stretched or cropped) and its width and height
 * are set, so the page does not move when it arrives. A bank without a logo gets the empty box, which keeps the names
 * beside a column of logos in line. `alt` is empty where the bank's name is already beside the logo.
 */
export function BankLogo({ url, alt = '', size = 'small' }: { url: string | null; alt?: string; size?: 'small' | 'large' }) {
  const [width, height] = size === 'small' ? [40, 24] : [72, 44];
  const className = `bank-logo bank-logo-${size}`;
  return url
    ? <img className={className} src={url} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
    : <span className={`${className} bank-logo-none`} aria-hidden="true" />;
}
