package search

// maxAssignments bounds the assignments of uniform symbols tried for one
// question.
const maxAssignments = 512

// maxDomain bounds the values of one known domain that are tried; longer
// domains are sampled.
const maxDomain = 48

// MaxRequests bounds the requests evaluated for one access in one context.
const MaxRequests = 1 << 14
