// Download QR (spec 1 §2): the card's QR code (an SVG drawn by react-qr-code) saved as a file.

/** Saves an SVG element as `<name>.svg`. */
export function downloadSvg(svg: SVGSVGElement, name: string): void {
  const text = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.svg`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
