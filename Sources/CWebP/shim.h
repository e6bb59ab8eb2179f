#ifndef PROGRESS_RINGS_CWEBP_SHIM_H
#define PROGRESS_RINGS_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/decode.h>
#endif
