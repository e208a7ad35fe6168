// zlib (Debian's zlib1g-dev, on every machine that builds Swift), for compressing the browser
// pages once at start. deflateInit2 is a macro, so Swift gets one prefixed helper instead.
#ifndef PETRI_CZLIB_SHIM_H
#define PETRI_CZLIB_SHIM_H

#include <zlib.h>
#include <string.h>

/// Compresses `length` bytes at `input` into `output` (room for `capacity` bytes) as one gzip
/// member at the best compression. Returns the compressed size, or 0 when it failed or did
/// not fit.
static inline size_t petri_gzip(const unsigned char *input, size_t length, unsigned char *output, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 15 window bits + 16: a gzip header and trailer instead of zlib's.
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, Z_FINISH);
    size_t written = stream.total_out;
    deflateEnd(&stream);
    return status == Z_STREAM_END ? written : 0;
}

/// An upper bound on the gzip size of `length` bytes (deflateBound plus the gzip framing).
static inline size_t petri_gzip_bound(size_t length) {
    return compressBound((uLong)length) + 18;
}

#endif
