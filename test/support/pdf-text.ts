import { execFile } from 'node:child_process';

/**
 * The text of a PDF, read by pdf-parse (Mozilla's pdf.js) in a child Node process: pdf.js loads
 * its worker with a dynamic import, which Jest's module sandbox does not run.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      const parsed = await new PDFParse({ data: Buffer.concat(chunks) }).getText();
      process.stdout.write(parsed.text);
    });`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', script], { cwd: __dirname, maxBuffer: 10 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}
