// OpenSSL's libcrypto, for signing transactions (JWS ES256 with its certificate chain, and SHA1withRSA
// for a store that signs its purchases with RSA) and verifying them.
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
