import { describe, expect, it } from 'vitest';
import {
  avcSkipParams,
  escapeRbsp,
  referencePicture,
  skippedFrame,
  unescapeRbsp,
} from './h264-skip';

// The avcC Chromium's VideoEncoder gave for avc1.64001f at 1280x720 (High profile, CAVLC, picture order
// count type 0, 15-bit frame_num, 16-bit POC lsb). The media suite decodes whole exports with ffmpeg
// (tests/media/render-stills.test.ts); these check the parsing and the fields around it.
const chromiumAvcC = Uint8Array.from(
  Buffer.from(
    '01640c1fffe1001367640c1fac191a805005ba6e021a020f08846a01000468ce3c80fdf8f800',
    'hex',
  ),
);

describe('avcSkipParams', () => {
  it("reads what a skipped slice needs from Chromium's avcC", () => {
    expect(avcSkipParams(chromiumAvcC)).toEqual({
      lengthSize: 4,
      log2MaxFrameNum: 15,
      log2MaxPocLsb: 16,
      macroblocks: 80 * 45,
      ppsId: 0,
      deblockingControl: true,
      bottomFieldPocPresent: false,
    });
  });

  it('declines a stream coded with CABAC, and bytes that are not an avcC', () => {
    const cabac = chromiumAvcC.slice();
    // The PPS's first payload byte: pps_id '1', sps_id '1', then entropy_coding_mode_flag.
    const pps = cabac.length - 4 - 4 + 1;
    expect(cabac[pps]).toBe(0xce);
    cabac[pps] = 0xce | 0x20;
    expect(avcSkipParams(cabac)).toBeNull();
    expect(avcSkipParams(Uint8Array.from([0, 1, 2]))).toBeNull();
    expect(avcSkipParams(chromiumAvcC.subarray(0, 12))).toBeNull();
  });
});

describe('emulation prevention', () => {
  it('escapes 0x000000-0x000003 and takes the escapes back out', () => {
    expect([...escapeRbsp(Uint8Array.from([0, 0, 1, 0, 0, 0, 0, 5]))]).toEqual([
      0, 0, 3, 1, 0, 0, 3, 0, 0, 5,
    ]);
    expect([...unescapeRbsp(Uint8Array.from([0, 0, 3, 1, 0, 0, 3, 0, 0, 5]))]).toEqual([
      0, 0, 1, 0, 0, 0, 0, 5,
    ]);
    // A 3 that does not follow two zeros stays.
    expect([...unescapeRbsp(Uint8Array.from([0, 3, 0, 0, 4]))]).toEqual([0, 3, 0, 0, 4]);
  });
});

describe('skippedFrame', () => {
  const params = avcSkipParams(chromiumAvcC)!;

  it('is one non-reference P slice behind its 4-byte length', () => {
    const frame = skippedFrame(params, { frameNum: 7, pocLsb: 14, idr: false }, 1);
    const length = new DataView(frame.buffer, frame.byteOffset).getUint32(0);
    expect(length).toBe(frame.length - 4);
    expect(frame[4]).toBe(0x01); // nal_ref_idc 0, nal_unit_type 1
    // Not a reference picture: nothing may be skipped after it as if it were one.
    expect(referencePicture(params, frame)).toBeNull();
  });

  it('numbers its frame after the reference and counts its picture order on from it, wrapping', () => {
    const asReference = (frame: Uint8Array) => {
      const copy = frame.slice();
      copy[4] = 0x61; // the same slice as a reference picture, for referencePicture to read
      return referencePicture(params, copy);
    };
    expect(asReference(skippedFrame(params, { frameNum: 7, pocLsb: 14, idr: false }, 3))).toEqual({
      frameNum: 8,
      pocLsb: 20,
      idr: false,
    });
    expect(
      asReference(
        skippedFrame(params, { frameNum: 2 ** 15 - 1, pocLsb: 2 ** 16 - 2, idr: false }, 1),
      ),
    ).toEqual({ frameNum: 0, pocLsb: 0, idr: false });
  });
});
