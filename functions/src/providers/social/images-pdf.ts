import { PDFDocument } from 'pdf-lib';

// A document post's PDF (core/document-posts.ts): one page per image, each page the image's own size in
// points, so the carousel shows every image whole at its own aspect. pdf-lib embeds JPEG and PNG as they
// are (no re-encoding), in plain JavaScript, so it runs in the functions without a native build.

export interface PdfImage {
  contentType: string;
  bytes: Uint8Array;
}

export async function imagesToPdf(images: readonly PdfImage[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Muse Studio');
  for (const image of images) {
    const type = image.contentType.toLowerCase();
    const embedded =
      type === 'image/png'
        ? await pdf.embedPng(image.bytes)
        : type === 'image/jpeg'
          ? await pdf.embedJpg(image.bytes)
          : null;
    if (!embedded) throw new Error(`A PDF page cannot be made of ${image.contentType}`);
    const page = pdf.addPage([embedded.width, embedded.height]);
    page.drawImage(embedded, { x: 0, y: 0, width: embedded.width, height: embedded.height });
  }
  return pdf.save();
}
