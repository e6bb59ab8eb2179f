// OpenSSL's libcrypto: the digests and message authentication codes the service needs (SHA-256, HMAC-SHA256), a
// comparison that takes the same time whatever the bytes, and the public keys and signatures of OIDC tokens (RSA and
// EC keys built from their parameters, ECDSA signatures re-encoded as DER, EVP_DigestVerify).
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

// EVP_PKEY_PUBLIC_KEY is a macro of macros, which Swift does not import: the selection of a public key's parts.
static const int pr_evp_pkey_public_key = EVP_PKEY_PUBLIC_KEY;

// OSSL_PARAM_BLD keeps the parameter names it is given until OSSL_PARAM_BLD_to_param, so they must outlive the
// call that pushes them: these are the C literals themselves, not copies that Swift frees after the call.
static const char *const pr_param_rsa_n = OSSL_PKEY_PARAM_RSA_N;
static const char *const pr_param_rsa_e = OSSL_PKEY_PARAM_RSA_E;
static const char *const pr_param_group = OSSL_PKEY_PARAM_GROUP_NAME;
static const char *const pr_param_public_key = OSSL_PKEY_PARAM_PUB_KEY;
static const char *const pr_group_p256 = "prime256v1";
