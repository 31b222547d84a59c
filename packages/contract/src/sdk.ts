import { z } from 'zod';

/** One downloadable SDK archive, as GET /api/sdk lists it. */
export const sdkArchiveSchema = z.object({
  id: z.string(),
  language: z.string(),
  version: z.string(),
  /** The runtimes the SDK is written for, e.g. 'Node.js 18+'. */
  targets: z.string(),
  /** How the sources were checked in this project's test suite, e.g. 'compiled with javac'. */
  checked: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  downloadUrl: z.string(),
});
export type SdkArchive = z.infer<typeof sdkArchiveSchema>;
export const sdkListReplySchema = z.object({ sdks: z.array(sdkArchiveSchema) });
export type SdkListReply = z.infer<typeof sdkListReplySchema>;
/** Which SDK's archive to download. */
export const sdkParamsSchema = z.object({ id: z.string().regex(/^[a-z]+$/, 'Unknown SDK.') });
