import { attachmentKind, safeFileName, sniff } from './sniff';

const zipWith = (part: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(part)]);

describe('attachment kinds, told by content', () => {
  it('recognises each allowed kind by its first bytes', () => {
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniff(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniff(Buffer.from('ffd8ffe000', 'hex'))).toBe('jpg');
    expect(sniff(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(sniff(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniff(zipWith('word/document.xml'))).toBe('docx');
    expect(sniff(zipWith('xl/workbook.xml'))).toBe('xlsx');
    expect(sniff(zipWith('payload.bin'))).toBeNull();
    expect(sniff(Buffer.from('name,phone\nAli,1\n'))).toBe('text');
    expect(sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
  });

  it('needs the name and the content to agree', () => {
    expect(attachmentKind(Buffer.from('%PDF-1.7'), 'scan.PDF')).toBe('pdf');
    expect(attachmentKind(Buffer.from('%PDF-1.7'), 'scan.png')).toBeNull();
    expect(attachmentKind(Buffer.from('<script>alert(1)</script>'), 'page.html')).toBeNull();
    expect(attachmentKind(Buffer.from('a;b\n'), 'list.csv')).toBe('csv');
    expect(attachmentKind(Buffer.from('a;b\n'), 'list.pdf')).toBeNull();
  });

  it('keeps only a plain file name for the download header', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\"évil".pdf')).toBe('évil.pdf');
    expect(safeFileName('\u0000')).toBe('file');
    expect(safeFileName('\u202Egnp.txt')).toBe('gnp.txt');
    expect(safeFileName('a\u2066b\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.pdf')).toBe('ab.pdf');
    expect(safeFileName('\u202E')).toBe('file');
  });
});
