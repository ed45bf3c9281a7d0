import CCrypto

/// libcrypto's own start. OpenSSL 3 reads its configuration and loads its default provider on
/// first use, about 1 ms here; the app has that done on another thread while it opens the
/// store, so the store's first read of its key does not wait for it. OpenSSL starts once per
/// process, under its own lock, whichever thread asks first.
public enum CryptoLibrary {
    public static func prepare() {
        // Without this, OpenSSL's first start registers a cleanup at exit, which frees what
        // another thread may still be starting with: an app that exits on a refusal while this
        // runs crashed in OPENSSL_cleanup (the bad-input tests found it). The process's end
        // frees everything anyway.
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        EVP_PKEY_CTX_free(EVP_PKEY_CTX_new_from_name(nil, "EC", nil))
    }
}
