import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portalSignature, verifyPortalSignature } from './webhooks-signature';

/** The signed webhook every SDK's tests check (sdks/webhook-vector.json, issue #23). */
const vector = JSON.parse(
  readFileSync(new URL('../../../../../sdks/webhook-vector.json', import.meta.url), 'utf8'),
) as { secret: string; timestamp: number; body: string; signature: string; header: string };

describe("the portal's webhook signer and the SDKs' test vector", () => {
  it('signs the vector to the exact header the SDKs accept', () => {
    expect(portalSignature(vector.secret, vector.timestamp, vector.body)).toBe(vector.header);
    expect(vector.header).toBe(`t=${vector.timestamp},v1=${vector.signature}`);
  });

  it("accepts the vector with the portal's own check, and not with another body", () => {
    const at = new Date(vector.timestamp * 1000);
    expect(verifyPortalSignature(vector.secret, vector.header, vector.body, at)).toBe(true);
    expect(verifyPortalSignature(vector.secret, vector.header, `${vector.body} `, at)).toBe(false);
  });
});
