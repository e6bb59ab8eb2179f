// OpenSSL's libcrypto: the digests and message authentication codes the service needs (SHA-256, HMAC-SHA256) and
// a comparison that takes the same time whatever the bytes.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
