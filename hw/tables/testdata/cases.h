// A few cases of hw/micro/cases.h, for the tests of the tables command.
#define MICRO_SHARED_BYTES 49152
#define MICRO_GLOBAL_BYTES 67108864
#define MICRO_CASES(X) \
  X(S01, SLD, F32, 32, 1, 1, 1, 1, tid * 1, tid * 1) \
  X(D06, SLD, F64, 32, 1, 1, 1, 1, 0, 0) \
  X(S15, SLD, F32, 32, 32, 1, 1, 1, tx * 32 + ty, tx * 32 + ty) \
  X(G01, GLD, F32, 32, 1, 1, 1, 1, tid, tid) \
  X(M3, SLD, F64, 256, 1, 1, 1, tid < 48, tid, tid) \
  X(PZ0, SLD, F64, 32, 1, 1, 1, 0, tid, tid) \
  X(GS1, GST, F32, 32, 1, 1, 1, 1, tid, tid)
