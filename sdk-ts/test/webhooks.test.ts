/** verifySignature against a delivery signed by the server (the vector tests/webhooks/test_signing.py pins). */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { verifySignature } from "../dist/webhooks.js";

const SECRET = "whsec_3q2-7wEXAMPLEsecretFORtests0000000000000000";
const BODY =
  '{"id":"m1.0","type":"version","match_id":"m1","occurred_at":1750000000.5,"data":{"version":0,"events":[{"version":0,"kind":"dealt","data":{"note":"é"},"visible_to":null}]}}';
const HEADER = "t=1750000000,v1=db2b71f8d54d27ca0ee7c7c2f710dce26a9639ecf94ffe0ba8e2131dc0563cc1";
const NOW = 1750000000;

describe("verifySignature", () => {
  test("accepts the server's signature of the body, as text or bytes", async () => {
    assert.equal(await verifySignature(SECRET, HEADER, BODY, { now: NOW }), true);
    assert.equal(await verifySignature(SECRET, HEADER, new TextEncoder().encode(BODY), { now: NOW + 299 }), true);
  });

  test("refuses a wrong secret, a changed body, a changed time", async () => {
    assert.equal(await verifySignature(SECRET + "x", HEADER, BODY, { now: NOW }), false);
    assert.equal(await verifySignature(SECRET, HEADER, BODY.replace("m1", "m2"), { now: NOW }), false);
    assert.equal(await verifySignature(SECRET, HEADER.replace("t=1750000000", "t=1750000001"), BODY, { now: NOW }), false);
  });

  test("refuses an old or future signature unless the tolerance allows it", async () => {
    assert.equal(await verifySignature(SECRET, HEADER, BODY, { now: NOW + 301 }), false);
    assert.equal(await verifySignature(SECRET, HEADER, BODY, { now: NOW - 301 }), false);
    assert.equal(await verifySignature(SECRET, HEADER, BODY, { now: NOW + 3600, tolerance: 3600 }), true);
    assert.equal(await verifySignature(SECRET, HEADER, BODY, { now: NOW + 1e6, tolerance: null }), true);
  });

  test("accepts any v1 of the header, and never throws on a malformed one", async () => {
    const good = HEADER.split(",")[1];
    assert.equal(await verifySignature(SECRET, `t=${NOW},v1=${"0".repeat(64)},${good}`, BODY, { now: NOW }), true);
    for (const header of [null, undefined, "", "t=,v1=", `${good}`, `t=${NOW}`, "t=abc,v1=00", "garbage", "t=1,v1=zz"]) {
      assert.equal(await verifySignature(SECRET, header, BODY, { now: NOW }), false, String(header));
    }
  });
});
