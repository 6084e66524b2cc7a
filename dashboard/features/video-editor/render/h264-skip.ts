import { BitInputStream, BitOutputStream } from '@thi.ng/bitstream';

// A picture that does not change (a still, a title) costs the browser's H.264 encoder as much per frame as
// one that does: it searches every macroblock for motion it will not find. Once the encoder has coded the
// still and refined it, the frames after it can be written here instead: a P slice whose every macroblock
// is skipped (no residual, zero motion), which a decoder reproduces as an exact copy of the last
// reference picture (ITU-T H.264 8.4.1.1: a P_Skip's motion vector is zero when its neighbours' are; with
// no residual and the same reference and motion, deblocking leaves it as is, 8.7.2.1). Such a frame is a
// few bytes and costs nothing to make.
//
// It is written only for what the bitstream's parameter sets allow simply (CAVLC entropy coding, picture
// order count type 0, frames only, one slice group, no weighted prediction): anything else (CABAC, which
// most hardware encoders use, or VP9) returns null and every frame goes to the encoder as before.
//
// Each skipped frame is a non-reference picture (nal_ref_idc 0): it leaves the decoder's reference list
// and frame_num as the encoder left them, so several can follow one another (7.4.3: non-reference frames
// share PrevRefFrameNum + 1). Its picture order count follows the reference's in the encoder's steps of
// two. The encoder does not know of them, so the frame it codes next must be an IDR (a key frame), which
// starts the count again: the caller forces one.

/** The parameter-set facts a skipped P slice needs, from an avcC (ISO/IEC 14496-15 AVCDecoderConfigurationRecord). */
export interface AvcSkipParams {
  /** Bytes of each NAL unit's length prefix in a chunk (avcC lengthSizeMinusOne + 1). */
  lengthSize: number;
  log2MaxFrameNum: number;
  log2MaxPocLsb: number;
  /** PicSizeInMbs: macroblocks in a frame. */
  macroblocks: number;
  ppsId: number;
  deblockingControl: boolean;
  bottomFieldPocPresent: boolean;
}

/** A reference picture the encoder made: what a skipped frame after it repeats. */
export interface ReferencePicture {
  frameNum: number;
  pocLsb: number;
  /** An IDR picture (nal_unit_type 5): it starts frame_num and the picture order count again. */
  idr: boolean;
}

class Reader {
  private readonly bits: BitInputStream;
  constructor(rbsp: Uint8Array, fromByte = 0) {
    this.bits = new BitInputStream(rbsp, fromByte * 8);
  }
  u(n: number): number {
    if (n === 0) return 0;
    return this.bits.read(n);
  }
  ue(): number {
    let zeros = 0;
    while (this.bits.readBit() === 0) if (++zeros > 31) throw new Error('Bad Exp-Golomb code');
    return zeros === 0 ? 0 : 2 ** zeros - 1 + this.bits.read(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -(k / 2);
  }
}

function writeUe(out: BitOutputStream, value: number): void {
  const code = value + 1;
  const length = Math.floor(Math.log2(code)) + 1;
  for (let i = 1; i < length; i++) out.writeBit(0);
  // A word of up to 32 bits at a time: large enough for any count of macroblocks.
  out.write(code, length);
}

/** A NAL unit's payload without its emulation prevention bytes (H.264 7.4.1: 0x000003 -> 0x0000). */
export function unescapeRbsp(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let n = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out[n++] = byte;
  }
  return out.subarray(0, n);
}

/** The inverse: a 0x03 before any 0x00-0x03 that follows two zero bytes. */
export function escapeRbsp(rbsp: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function parseSps(
  nal: Uint8Array,
): { log2MaxFrameNum: number; log2MaxPocLsb: number; macroblocks: number } | null {
  const r = new Reader(unescapeRbsp(nal), 1);
  const profile = r.u(8);
  r.u(16); // constraint flags, reserved bits, level_idc
  r.ue(); // seq_parameter_set_id
  if (HIGH_PROFILES.has(profile)) {
    const chromaFormat = r.ue();
    if (chromaFormat === 3 && r.u(1) === 1) return null; // separate colour planes: a slice per plane
    r.ue(); // bit_depth_luma_minus8
    r.ue(); // bit_depth_chroma_minus8
    r.u(1); // qpprime_y_zero_transform_bypass_flag
    if (r.u(1) === 1) return null; // scaling matrices: not parsed, so not written for
  }
  const log2MaxFrameNum = r.ue() + 4;
  if (r.ue() !== 0) return null; // picture order count type 0 only
  const log2MaxPocLsb = r.ue() + 4;
  r.ue(); // max_num_ref_frames
  r.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = r.ue() + 1;
  const heightMapUnits = r.ue() + 1;
  if (r.u(1) !== 1) return null; // frame_mbs_only_flag: fields are not written for
  return { log2MaxFrameNum, log2MaxPocLsb, macroblocks: widthMbs * heightMapUnits };
}

function parsePps(
  nal: Uint8Array,
): { ppsId: number; deblockingControl: boolean; bottomFieldPocPresent: boolean } | null {
  const r = new Reader(unescapeRbsp(nal), 1);
  const ppsId = r.ue();
  r.ue(); // seq_parameter_set_id
  if (r.u(1) !== 0) return null; // CABAC: its skip flags are arithmetic-coded
  const bottomFieldPocPresent = r.u(1) === 1;
  if (r.ue() !== 0) return null; // slice groups
  r.ue(); // num_ref_idx_l0_default_active_minus1: index 0 is the latest reference whatever the count
  r.ue(); // num_ref_idx_l1_default_active_minus1
  if (r.u(1) !== 0) return null; // weighted prediction: a table in every P slice header
  r.u(2); // weighted_bipred_idc
  r.se(); // pic_init_qp_minus26
  r.se(); // pic_init_qs_minus26
  r.se(); // chroma_qp_index_offset
  const deblockingControl = r.u(1) === 1;
  r.u(1); // constrained_intra_pred_flag
  if (r.u(1) !== 0) return null; // redundant_pic_cnt
  return { ppsId, deblockingControl, bottomFieldPocPresent };
}

/** The skip-frame facts of an encoder's avcC, or null where skipped frames are not written for it. */
export function avcSkipParams(avcC: Uint8Array): AvcSkipParams | null {
  try {
    if (avcC.length < 7 || avcC[0] !== 1) return null;
    const lengthSize = (avcC[4]! & 3) + 1;
    let p = 5;
    const spsCount = avcC[p++]! & 31;
    const sps: Uint8Array[] = [];
    for (let i = 0; i < spsCount; i++) {
      const length = (avcC[p]! << 8) | avcC[p + 1]!;
      sps.push(avcC.subarray(p + 2, p + 2 + length));
      p += 2 + length;
    }
    const ppsCount = avcC[p++]!;
    const pps: Uint8Array[] = [];
    for (let i = 0; i < ppsCount; i++) {
      const length = (avcC[p]! << 8) | avcC[p + 1]!;
      pps.push(avcC.subarray(p + 2, p + 2 + length));
      p += 2 + length;
    }
    // One of each: with more, which one a slice names would have to be followed.
    if (sps.length !== 1 || pps.length !== 1) return null;
    const s = parseSps(sps[0]!);
    const q = parsePps(pps[0]!);
    return s && q ? { lengthSize, ...s, ...q } : null;
  } catch {
    return null;
  }
}

/** Each NAL unit of a chunk in avcC form (each behind a big-endian length of `lengthSize` bytes). */
function* nalUnits(chunk: Uint8Array, lengthSize: number): Generator<Uint8Array> {
  let p = 0;
  while (p + lengthSize <= chunk.length) {
    let length = 0;
    for (let i = 0; i < lengthSize; i++) length = length * 256 + chunk[p + i]!;
    p += lengthSize;
    if (p + length > chunk.length) return;
    yield chunk.subarray(p, p + length);
    p += length;
  }
}

/**
 * The frame_num and picture order count of the picture in `chunk` (an encoded frame in avcC form), or null
 * when it is not a reference picture (a skipped frame repeats the latest reference only).
 */
export function referencePicture(
  params: AvcSkipParams,
  chunk: Uint8Array,
): ReferencePicture | null {
  for (const nal of nalUnits(chunk, params.lengthSize)) {
    const type = nal[0]! & 31;
    if (type !== 1 && type !== 5) continue;
    if (((nal[0]! >> 5) & 3) === 0) return null;
    const r = new Reader(unescapeRbsp(nal.subarray(0, 64)), 1);
    r.ue(); // first_mb_in_slice
    r.ue(); // slice_type
    r.ue(); // pic_parameter_set_id
    const frameNum = r.u(params.log2MaxFrameNum);
    if (type === 5) r.ue(); // idr_pic_id
    return { frameNum, pocLsb: r.u(params.log2MaxPocLsb), idr: type === 5 };
  }
  return null;
}

/**
 * The `k`th (1, 2, ...) frame after `ref` that repeats it: one non-reference P slice of skipped
 * macroblocks, in avcC form (length prefix + NAL unit).
 */
export function skippedFrame(params: AvcSkipParams, ref: ReferencePicture, k: number): Uint8Array {
  const out = new BitOutputStream(64);
  out.write(0x01, 8); // forbidden_zero_bit 0, nal_ref_idc 0, nal_unit_type 1 (a non-IDR slice)
  writeUe(out, 0); // first_mb_in_slice
  writeUe(out, 5); // slice_type: P, as every slice of the picture
  writeUe(out, params.ppsId);
  out.write((ref.frameNum + 1) % 2 ** params.log2MaxFrameNum, params.log2MaxFrameNum);
  out.write((ref.pocLsb + 2 * k) % 2 ** params.log2MaxPocLsb, params.log2MaxPocLsb);
  if (params.bottomFieldPocPresent) writeUe(out, 0); // delta_pic_order_cnt_bottom se(0)
  out.writeBit(0); // num_ref_idx_active_override_flag
  out.writeBit(0); // ref_pic_list_modification_flag_l0
  // nal_ref_idc 0: no dec_ref_pic_marking; CAVLC: no cabac_init_idc.
  writeUe(out, 0); // slice_qp_delta se(0)
  if (params.deblockingControl) writeUe(out, 1); // disable_deblocking_filter_idc 1: nothing to filter
  writeUe(out, params.macroblocks); // mb_skip_run: the whole picture
  out.writeBit(1); // rbsp_stop_one_bit, then zeros to the byte's end
  while (out.position % 8 !== 0) out.writeBit(0);
  const nal = escapeRbsp(out.bytes());
  const framed = new Uint8Array(params.lengthSize + nal.length);
  for (let i = 0; i < params.lengthSize; i++)
    framed[i] = (nal.length >> (8 * (params.lengthSize - 1 - i))) & 255;
  framed.set(nal, params.lengthSize);
  return framed;
}
