import { PictureOutlined } from '@ant-design/icons';

/** A product picture in a table row; a neutral box keeps rows aligned when there is none. */
export function Thumb({ url, alt, size = 40 }: { url: string | null; alt: string; size?: number }) {
  if (!url) {
    return (
      <span className="thumb thumb--empty" style={{ width: size, height: size }} aria-hidden>
        <PictureOutlined />
      </span>
    );
  }
  return <img className="thumb" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}
