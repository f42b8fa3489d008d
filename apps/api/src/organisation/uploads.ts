import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { diskStorage } from 'multer';
import { AppConfig, invalid, notFound } from '@tabour/platform';
import { Public } from '../common/auth';
import { isUuid } from '../common/ids';
import { APP_CONFIG } from '../common/tokens';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Multer options for an image field: in memory (2 MB at most), checked before anything is stored. */
export const imageUpload = { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 50 } };

export interface UploadedImage {
  buffer: Buffer;
  size: number;
  originalname?: string;
}

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' } as const;
type Ext = keyof typeof TYPES;
export type ImageExt = Exclude<Ext, VideoExt>;
export type VideoExt = 'mp4' | 'webm';
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|mp4|webm)$/;

/** A display's video: 50 MB at most. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** Where a video lands while it is received and checked: on disk, so that uploads never hold 50 MB each in memory. */
export const INCOMING_UPLOADS = path.join(tmpdir(), 'tabour-incoming');
export const videoUpload = {
  storage: diskStorage({
    destination: (_req, _file, done) => {
      fs.mkdir(INCOMING_UPLOADS, { recursive: true }).then(
        () => done(null, INCOMING_UPLOADS),
        (err: Error) => done(err, INCOMING_UPLOADS),
      );
    },
    filename: (_req, _file, done) => done(null, randomBytes(16).toString('hex')),
  }),
  limits: { fileSize: MAX_VIDEO_BYTES, files: 1, fields: 10 },
};

/** A file multer wrote to disk (the video field). */
export interface UploadedFileOnDisk {
  path: string;
  size: number;
  originalname?: string;
}

/**
 * MP4 or WebM from the first bytes: an MP4 starts with its `ftyp` box (size, then "ftyp"), a
 * WebM with the EBML magic and names its doctype "webm" in the header that follows.
 */
export function sniffVideo(buffer: Buffer): VideoExt | null {
  if (buffer.length >= 12 && buffer.toString('ascii', 4, 8) === 'ftyp' && buffer.readUInt32BE(0) >= 8) return 'mp4';
  if (buffer.length >= 4 && buffer.readUInt32BE(0) === 0x1a45dfa3 && buffer.subarray(0, 64).includes('webm', 0, 'ascii')) return 'webm';
  return null;
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Refuses a file that is not an MP4 or WebM video of at most 50 MB, from its first bytes on disk. */
export async function checkVideo(file: UploadedFileOnDisk | undefined, field: string): Promise<VideoExt> {
  if (!file) throw invalid('Attach a video (MP4 or WebM)', { [field]: ['Attach a video (MP4 or WebM)'] });
  const ext = sniffVideo(await firstBytes(file.path, 64));
  if (!ext) throw invalid('Attach a valid file (MP4 or WebM video)', { [field]: ['Attach a valid file (MP4 or WebM video)'] });
  if (file.size > MAX_VIDEO_BYTES) throw invalid('The video may be at most 50 MB', { [field]: ['The video may be at most 50 MB'] });
  return ext;
}

/** Moves a checked video from where it was received to the business's uploads, under a random name. */
export async function storeVideo(dataDir: string, tenantId: string, file: UploadedFileOnDisk, ext: VideoExt): Promise<string> {
  const dir = path.join(dataDir, 'uploads', tenantId);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const target = path.join(dir, name);
  try {
    await fs.rename(file.path, target);
  } catch (err) {
    // The temporary folder may be on another file system than the data folder.
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.copyFile(file.path, target, fsConstants.COPYFILE_EXCL);
    await fs.rm(file.path, { force: true });
  }
  return name;
}

/** Removes a received file that was refused or failed; one already moved is gone already. */
export async function discardIncoming(file: UploadedFileOnDisk | undefined): Promise<void> {
  if (file?.path) await fs.rm(file.path, { force: true });
}

/**
 * The kind of image from its first bytes, never from the name or the declared type a client
 * sends. SVG is refused: it can carry script, and it would be served from our own origin.
 */
export function sniffImage(buffer: Buffer): ImageExt | null {
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpg';
  if (buffer.length >= 12 && buffer.toString('ascii', 0, 4) === 'RIFF' && buffer.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Refuses a file that is not a PNG, JPEG or WebP image; nothing is written. */
export function checkImage(file: UploadedImage | undefined, field: string): ImageExt | null {
  if (!file) return null;
  const ext = sniffImage(file.buffer);
  if (!ext) throw invalid('Attach a valid file (PNG, JPEG or WebP image)', { [field]: ['Attach a valid file (PNG, JPEG or WebP image)'] });
  if (file.size > MAX_IMAGE_BYTES) throw invalid('The image may be at most 2 MB', { [field]: ['The image may be at most 2 MB'] });
  return ext;
}

/**
 * Stores an image under <dataDir>/uploads/<tenantId>/ with a random
 * 128-bit name and returns that name. Served publicly (kiosks, displays and ticket pages show
 * them without a staff token), which is safe because the name cannot be guessed and the content
 * is a checked image or video.
 */
export async function storeImage(dataDir: string, tenantId: string, file: UploadedImage, ext: Ext): Promise<string> {
  const dir = path.join(dataDir, 'uploads', tenantId);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, name), file.buffer, { flag: 'wx' });
  return name;
}

export const uploadUrl = (tenantId: string, name: string | null): string | null => (name ? `/business/uploads/${tenantId}/${name}` : null);

@Controller('business/uploads')
export class UploadsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get(':tenant/:file')
  async serve(@Param('tenant') tenant: string, @Param('file') file: string, @Res() res: Response): Promise<void> {
    if (!isUuid(tenant) || !FILE_NAME.test(file)) throw notFound();
    const dir = path.join(this.config.dataDir, 'uploads', tenant.toLowerCase());
    const full = path.join(dir, file);
    try {
      await fs.access(full);
    } catch {
      throw notFound();
    }
    res.setHeader('Content-Type', TYPES[file.split('.')[1] as Ext]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    // Public by design (see storeImage): pages of the configured origins and apps may show them.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // Relative to its folder: `send` refuses any path with a segment starting with a dot, and the default data folder is `.data`.
    res.sendFile(file, { root: dir });
  }
}
