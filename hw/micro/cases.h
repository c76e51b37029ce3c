// cases.h -- the micro-kernel cases of docs/hardware.md, one line each.
//
// Each X(...) line is one case: one memory instruction, measured on its own.
// micro.cu turns every line into two kernels (ID_p with the access predicated,
// ID_b with it inside a divergent branch), and hw/tables reads the same lines
// to compute what smemlint's model says for the case, so the list is kept in
// one place. Keep each case on one line and keep commas out of expressions.
//
// Fields:
//   id          the row of docs/hardware.md
//   op          SLD, SST (shared load/store), GLD, GST (global load/store)
//   type        F32 float, F64 double, V4 float4, U8 unsigned char, U16 unsigned short
//   bx, by      block shape; gx, gy grid shape
//   on          which threads access (1: all); the others are switched off
//   idx         element index of a thread that accesses
//   xidx        element index held by a thread that is switched off (the
//               hardware must ignore it; differs from idx in the x cases)
// Expressions are C and Go alike, over unsigned tid (x + y*bx in the block),
// tx, ty (threadIdx), bidx, bidy (blockIdx). Shifts, &, | and ^ bind
// differently in C and Go, so they stand alone or in parentheses (hw/tables
// rejects a case that relies on their precedence).

#define MICRO_SHARED_BYTES 49152
#define MICRO_GLOBAL_BYTES 67108864

#define MICRO_CASES(X) \
  /* shared loads, one warp, 4 bytes and narrower */ \
  X(S01, SLD, F32, 32, 1, 1, 1, 1, tid * 1, tid * 1) \
  X(S02, SLD, F32, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(S03, SLD, F32, 32, 1, 1, 1, 1, tid * 3, tid * 3) \
  X(S04, SLD, F32, 32, 1, 1, 1, 1, tid * 4, tid * 4) \
  X(S05, SLD, F32, 32, 1, 1, 1, 1, tid * 8, tid * 8) \
  X(S06, SLD, F32, 32, 1, 1, 1, 1, tid * 16, tid * 16) \
  X(S07, SLD, F32, 32, 1, 1, 1, 1, tid * 17, tid * 17) \
  X(S08, SLD, F32, 32, 1, 1, 1, 1, tid * 31, tid * 31) \
  X(S09, SLD, F32, 32, 1, 1, 1, 1, tid * 32, tid * 32) \
  X(S10, SLD, F32, 32, 1, 1, 1, 1, tid * 33, tid * 33) \
  X(S11, SLD, F32, 32, 1, 1, 1, 1, 0, 0) \
  X(S12, SLD, F32, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(S13, SLD, F32, 32, 1, 1, 1, 1, tid % 16, tid % 16) \
  X(S14, SLD, F32, 32, 1, 1, 1, 1, (tid % 8) * 32, (tid % 8) * 32) \
  X(S21, SLD, F32, 32, 1, 1, 1, 1, tid * 3, tid * 3) \
  X(S22, SLD, F32, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(S23a, SLD, F32, 32, 1, 1, 1, 1, 2 * 1 * tid, 2 * 1 * tid) \
  X(S23b, SLD, F32, 32, 1, 1, 1, 1, 2 * 2 * tid, 2 * 2 * tid) \
  X(S23c, SLD, F32, 32, 1, 1, 1, 1, 2 * 4 * tid, 2 * 4 * tid) \
  X(S23d, SLD, F32, 32, 1, 1, 1, 1, 2 * 8 * tid, 2 * 8 * tid) \
  X(X01, SLD, F32, 32, 1, 1, 1, 1, tid ^ 1, tid ^ 1) \
  X(X02, SLD, F32, 32, 1, 1, 1, 1, tid % 16 + (tid / 16) * 32, tid % 16 + (tid / 16) * 32) \
  X(X03, SLD, F32, 32, 1, 1, 1, 1, tid * 64, tid * 64) \
  X(X04, SLD, F32, 32, 1, 1, 1, 1, (tid % 2) * 32, (tid % 2) * 32) \
  X(X05, SLD, F32, 32, 1, 1, 1, 1, tid >> 5, tid >> 5) \
  X(C01, SLD, U8, 32, 1, 1, 1, 1, tid, tid) \
  X(C02, SLD, U8, 32, 1, 1, 1, 1, tid * 4, tid * 4) \
  X(C03, SLD, U8, 32, 1, 1, 1, 1, tid * 128, tid * 128) \
  X(C04, SLD, U8, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(H01, SLD, U16, 32, 1, 1, 1, 1, tid, tid) \
  X(H02, SLD, U16, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(H03, SLD, U16, 32, 1, 1, 1, 1, tid * 64, tid * 64) \
  /* shared loads, one warp, 8 bytes */ \
  X(D01, SLD, F64, 32, 1, 1, 1, 1, tid, tid) \
  X(D02, SLD, F64, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(D03, SLD, F64, 32, 1, 1, 1, 1, tid * 3, tid * 3) \
  X(D04, SLD, F64, 32, 1, 1, 1, 1, tid * 4, tid * 4) \
  X(D05, SLD, F64, 32, 1, 1, 1, 1, tid * 16, tid * 16) \
  X(D06, SLD, F64, 32, 1, 1, 1, 1, 0, 0) \
  X(D07, SLD, F64, 32, 1, 1, 1, 1, tid * 8, tid * 8) \
  X(D08, SLD, F64, 32, 1, 1, 1, 1, tid % 16, tid % 16) \
  X(D09, SLD, F64, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(D10, SLD, F64, 32, 1, 1, 1, 1, tid * 32, tid * 32) \
  X(D11, SLD, F64, 32, 1, 1, 1, 1, tid >> 5, tid >> 5) \
  X(D12, SLD, F64, 32, 1, 1, 1, 1, tid % 8 + 8 * (tid / 16) + 16 * ((tid / 8) % 2), tid % 8 + 8 * (tid / 16) + 16 * ((tid / 8) % 2)) \
  X(D13, SLD, F64, 32, 1, 1, 1, 1, tid % 8, tid % 8) \
  X(D14, SLD, F64, 32, 1, 1, 1, 1, tid / 4, tid / 4) \
  X(D15, SLD, F64, 32, 1, 1, 1, 1, (tid % 16) * 2, (tid % 16) * 2) \
  X(D16, SLD, F64, 32, 1, 1, 1, 1, tid % 8 + 8 * (tid / 16), tid % 8 + 8 * (tid / 16)) \
  X(D17, SLD, F64, 32, 1, 1, 1, 1, tid % 2 + 2 * (tid / 4), tid % 2 + 2 * (tid / 4)) \
  X(D18, SLD, F64, 32, 1, 1, 1, 1, (tid % 2 + 2 * (tid / 4)) % 8, (tid % 2 + 2 * (tid / 4)) % 8) \
  X(D19, SLD, F64, 32, 1, 1, 1, 1, (tid / 2) % 8, (tid / 2) % 8) \
  X(D20, SLD, F64, 32, 1, 1, 1, 1, tid % 4 + 4 * (tid / 8), tid % 4 + 4 * (tid / 8)) \
  X(D21, SLD, F64, 32, 1, 1, 1, 1, (tid / 2) * 4, (tid / 2) * 4) \
  /* shared loads, one warp, 16 bytes */ \
  X(Q01, SLD, V4, 32, 1, 1, 1, 1, tid, tid) \
  X(Q02, SLD, V4, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(Q03, SLD, V4, 32, 1, 1, 1, 1, tid * 3, tid * 3) \
  X(Q04, SLD, V4, 32, 1, 1, 1, 1, tid * 4, tid * 4) \
  X(Q05, SLD, V4, 32, 1, 1, 1, 1, 0, 0) \
  X(Q06, SLD, V4, 32, 1, 1, 1, 1, tid % 8, tid % 8) \
  X(Q07, SLD, V4, 32, 1, 1, 1, 1, tid * 8, tid * 8) \
  X(Q08, SLD, V4, 32, 1, 1, 1, 1, tid / 4, tid / 4) \
  X(Q09, SLD, V4, 32, 1, 1, 1, 1, tid >> 5, tid >> 5) \
  X(Q10, SLD, V4, 32, 1, 1, 1, 1, ((tid % 8) >> 1) + 4 * (tid >> 4) + 8 * ((tid >> 3) & 1), ((tid % 8) >> 1) + 4 * (tid >> 4) + 8 * ((tid >> 3) & 1)) \
  X(Q11, SLD, V4, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(Q12, SLD, V4, 32, 1, 1, 1, 1, tid / 8, tid / 8) \
  X(Q13, SLD, V4, 32, 1, 1, 1, 1, tid / 16, tid / 16) \
  X(Q14, SLD, V4, 32, 1, 1, 1, 1, tid % 16, tid % 16) \
  X(Q15, SLD, V4, 32, 1, 1, 1, 1, tid % 4 + 4 * (tid / 8), tid % 4 + 4 * (tid / 8)) \
  X(Q16, SLD, V4, 32, 1, 1, 1, 1, tid % 2 + 2 * (tid / 4), tid % 2 + 2 * (tid / 4)) \
  X(Q17, SLD, V4, 32, 1, 1, 1, 1, (tid / 2) % 8, (tid / 2) % 8) \
  X(Q18, SLD, V4, 32, 1, 1, 1, 1, (tid / 2) * 2, (tid / 2) * 2) \
  /* shared stores, one warp */ \
  X(ST1a, SST, F32, 32, 1, 1, 1, 1, tid, tid) \
  X(ST1b, SST, F32, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(ST1c, SST, F32, 32, 1, 1, 1, 1, tid * 32, tid * 32) \
  X(ST1d, SST, F32, 32, 1, 1, 1, 1, tid * 33, tid * 33) \
  X(ST2, SST, F64, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(ST3, SST, F64, 32, 1, 1, 1, 1, tid, tid) \
  X(ST4, SST, V4, 32, 1, 1, 1, 1, tid, tid) \
  X(ST5, SST, U8, 32, 1, 1, 1, 1, tid, tid) \
  X(ST6, SST, F32, 32, 1, 1, 1, 1, 0, 0) \
  X(ST7, SST, F64, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(ST8, SST, V4, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(ST9, SST, V4, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  /* shared loads, 32 or 8 warps: tile[a][b] of width w is tile[a*w + b] */ \
  X(S15, SLD, F32, 32, 32, 1, 1, 1, tx * 32 + ty, tx * 32 + ty) \
  X(S16, SLD, F32, 32, 32, 1, 1, 1, tx * 33 + ty, tx * 33 + ty) \
  X(S17, SLD, F32, 32, 32, 1, 1, 1, ty * 32 + tx, ty * 32 + tx) \
  X(S18, SLD, F32, 16, 16, 1, 1, 1, tx * 16 + ty, tx * 16 + ty) \
  X(S19, SLD, F32, 16, 16, 1, 1, 1, tx * 17 + ty, tx * 17 + ty) \
  X(S20, SLD, F32, 32, 32, 1, 1, 1, tx * 32 + (ty ^ tx), tx * 32 + (ty ^ tx)) \
  X(S24a, SLD, F32, 32, 32, 1, 1, 1, ty * 32 + 5, ty * 32 + 5) \
  X(S24b, SLD, F32, 32, 32, 1, 1, 1, 5 * 32 + tx, 5 * 32 + tx) \
  /* global, full warps */ \
  X(G01, GLD, F32, 32, 1, 1, 1, 1, tid, tid) \
  X(G02, GLD, F32, 32, 1, 1, 1, 1, tid + 1, tid + 1) \
  X(G03, GLD, F32, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(G04, GLD, F32, 32, 1, 1, 1, 1, tid * 4, tid * 4) \
  X(G05, GLD, F32, 32, 1, 1, 1, 1, tid * 8, tid * 8) \
  X(G06, GLD, F32, 32, 1, 1, 1, 1, tid * 32, tid * 32) \
  X(G07, GLD, F32, 32, 1, 1, 1, 1, tid * 33, tid * 33) \
  X(G08, GLD, F32, 32, 1, 1, 1, 1, 0, 0) \
  X(G09, GLD, F32, 32, 1, 1, 1, 1, 31 - tid, 31 - tid) \
  X(G10, GLD, F32, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(G11, GLD, F64, 32, 1, 1, 1, 1, tid, tid) \
  X(G12, GLD, F64, 32, 1, 1, 1, 1, tid + 1, tid + 1) \
  X(G13, GLD, U8, 32, 1, 1, 1, 1, tid, tid) \
  X(G14, GLD, V4, 32, 1, 1, 1, 1, tid, tid) \
  X(G17, GLD, U16, 32, 1, 1, 1, 1, tid, tid) \
  X(G18, GLD, V4, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(G19, GLD, F64, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(G20, GLD, F32, 32, 1, 1, 1, 1, tid + 8, tid + 8) \
  X(G15ld, GLD, F32, 32, 8, 32, 128, 1, (bidy * 8 + ty) * 1024 + bidx * 32 + tx, (bidy * 8 + ty) * 1024 + bidx * 32 + tx) \
  X(G15st, GST, F32, 32, 8, 32, 128, 1, (bidx * 32 + tx) * 1024 + bidy * 8 + ty, (bidx * 32 + tx) * 1024 + bidy * 8 + ty) \
  X(G16, GLD, F32, 128, 1, 8, 1, 1, (bidx * 128 + tid) * 1024 + 7, (bidx * 128 + tid) * 1024 + 7) \
  X(GS1, GST, F32, 32, 1, 1, 1, 1, tid, tid) \
  X(GS2, GST, F32, 32, 1, 1, 1, 1, tid * 2, tid * 2) \
  X(GS3, GST, F32, 32, 1, 1, 1, 1, tid * 32, tid * 32) \
  /* shared, some lanes off */ \
  X(PF1, SLD, F64, 32, 1, 1, 1, 1, tid, tid) \
  X(PF2, SLD, V4, 32, 1, 1, 1, 1, tid, tid) \
  X(PF3, SLD, F64, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(PF4, SLD, V4, 32, 1, 1, 1, 1, tid / 2, tid / 2) \
  X(PZ0, SLD, F64, 32, 1, 1, 1, 0, tid, tid) \
  X(P1a, SLD, F32, 32, 1, 1, 1, tid < 16, tid * 2, tid * 2) \
  X(P1b, SLD, F64, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(P1c, SLD, F64, 32, 1, 1, 1, tid < 16, tid * 2, tid * 2) \
  X(P1d, SLD, V4, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(P1e, SLD, V4, 32, 1, 1, 1, tid < 16, tid * 2, tid * 2) \
  X(P2a, SLD, F64, 32, 1, 1, 1, tid < 8, tid, tid) \
  X(P2b, SLD, V4, 32, 1, 1, 1, tid < 8, tid, tid) \
  X(P2c, SLD, V4, 32, 1, 1, 1, tid < 8, tid * 2, tid * 2) \
  X(P3a, SLD, F64, 32, 1, 1, 1, tid >= 16, tid, tid) \
  X(P3b, SLD, V4, 32, 1, 1, 1, tid >= 16, tid, tid) \
  X(P4a, SLD, F32, 32, 1, 1, 1, tid % 2 == 0, tid * 32, tid * 32) \
  X(P4b, SLD, F64, 32, 1, 1, 1, tid % 2 == 0, tid, tid) \
  X(P4c, SLD, F64, 32, 1, 1, 1, tid % 2 == 0, tid / 2, tid / 2) \
  X(P4d, SLD, V4, 32, 1, 1, 1, tid % 2 == 0, tid, tid) \
  X(P4e, SLD, V4, 32, 1, 1, 1, tid % 2 == 0, tid / 2, tid / 2) \
  X(P4cx, SLD, F64, 32, 1, 1, 1, tid % 2 == 0, tid / 2, 64 + tid) \
  X(P4ex, SLD, V4, 32, 1, 1, 1, tid % 2 == 0, tid / 2, 64 + tid) \
  X(P5a, SLD, F64, 32, 1, 1, 1, tid % 2 == 1, tid, tid) \
  X(P5b, SLD, V4, 32, 1, 1, 1, tid % 2 == 1, tid, tid) \
  X(P6a, SLD, V4, 32, 1, 1, 1, tid < 24, tid, tid) \
  X(P6b, SLD, F64, 32, 1, 1, 1, tid < 24, tid, tid) \
  X(P7a, SLD, F32, 32, 1, 1, 1, tid == 5, tid, tid) \
  X(P7b, SLD, F64, 32, 1, 1, 1, tid == 5, tid, tid) \
  X(P7c, SLD, V4, 32, 1, 1, 1, tid == 5, tid, tid) \
  X(P8a, SLD, F64, 32, 1, 1, 1, tid < 16, tid / 2, tid / 2) \
  X(P8b, SLD, V4, 32, 1, 1, 1, tid < 16, tid / 2, tid / 2) \
  X(P8c, SLD, F64, 32, 1, 1, 1, tid < 16, 0, 0) \
  X(P8d, SLD, V4, 32, 1, 1, 1, tid < 16, 0, 0) \
  X(P8e, SLD, V4, 32, 1, 1, 1, tid < 8, tid / 2, tid / 2) \
  X(P8f, SLD, F64, 32, 1, 1, 1, tid != 31, tid / 2, tid / 2) \
  X(P8g, SLD, V4, 32, 1, 1, 1, tid != 31, tid / 2, tid / 2) \
  X(P8fx, SLD, F64, 32, 1, 1, 1, tid != 31, tid / 2, 64 + tid) \
  X(P8gx, SLD, V4, 32, 1, 1, 1, tid != 31, tid / 2, 64 + tid) \
  X(P9a, SST, F64, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(P9b, SST, V4, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(P9c, SST, F32, 32, 1, 1, 1, tid < 16, tid * 32, tid * 32) \
  X(PE1, SLD, F64, 32, 1, 1, 1, tid % 16 < 4, tid % 16 + tid / 16 * 4, tid % 16 + tid / 16 * 4) \
  X(PE2, SLD, V4, 32, 1, 1, 1, tid % 8 < 4, tid % 8 + tid / 8 * 4, tid % 8 + tid / 8 * 4) \
  X(PE3, SLD, F64, 32, 1, 1, 1, tid % 16 == 0, tid / 16, tid / 16) \
  X(PE3x, SLD, F64, 32, 1, 1, 1, tid % 16 == 0, tid / 16, 64 + tid) \
  X(PE4, SLD, V4, 32, 1, 1, 1, tid % 8 == 0, tid / 8, tid / 8) \
  X(PE4x, SLD, V4, 32, 1, 1, 1, tid % 8 == 0, tid / 8, 64 + tid) \
  X(M1, SLD, F32, 256, 1, 1, 1, tid < 64, tid * 2, tid * 2) \
  X(M2, SLD, F64, 256, 1, 1, 1, tid < 64, tid, tid) \
  X(M3, SLD, F64, 256, 1, 1, 1, tid < 48, tid, tid) \
  X(M4, SLD, V4, 256, 1, 1, 1, tid < 40, tid, tid) \
  /* global, some lanes off */ \
  X(PG1, GLD, F32, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(PG2, GLD, F32, 32, 1, 1, 1, tid < 16, tid * 32, tid * 32) \
  X(PG3, GLD, F64, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(PG4, GLD, V4, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(PG5, GST, F32, 32, 1, 1, 1, tid < 16, tid, tid) \
  X(PG6, GLD, V4, 32, 1, 1, 1, tid == 5, tid, tid)
