import type { S3Client } from "@aws-sdk/client-s3";

/** Where uploaded files live durably when several instances serve them (S3 or compatible). */
export interface ObjectStore {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
}

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2…); AWS when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 (or compatible) with the AWS SDK v3; objects are immutable (random names), cached a year. */
export function createS3Store(c: S3StoreConfig): ObjectStore {
  // The SDK loads on first use, not at start: a shop on local disk never pays its memory.
  let ready: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const s3 = () =>
    (ready ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: c.region,
        endpoint: c.endpoint,
        forcePathStyle: c.forcePathStyle,
        credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
        // Plain PUTs with a Content-MD5-free body: what every S3-compatible store accepts.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  return {
    name: "s3",
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: c.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: c.bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return undefined;
        throw error;
      }
    },
  };
}
