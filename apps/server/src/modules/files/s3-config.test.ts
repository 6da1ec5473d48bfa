import { describe, expect, it } from 'vitest';
import { s3From } from '../../config.ts';

describe('S3_* configuration', () => {
  it('is off without S3_BUCKET, whatever else is set', () => {
    expect(s3From({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k' })).toBeUndefined();
    expect(s3From({ S3_BUCKET: '  ' })).toBeUndefined();
  });

  it('reads every variable, with AWS defaults for the rest', () => {
    expect(s3From({ S3_BUCKET: 'uploads' })).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'uploads',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      publicBaseUrl: undefined,
    });
    expect(
      s3From({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'cn-east-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_BASE_URL: 'https://cdn.example.com',
      }),
    ).toEqual({
      endpoint: 'http://minio:9000',
      region: 'cn-east-1',
      bucket: 'uploads',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com',
    });
    expect(s3From({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '1' })?.forcePathStyle).toBe(true);
    expect(s3From({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '0' })?.forcePathStyle).toBe(false);
  });
});
