//! TLS for what ordo reaches over HTTPS (mounted MCP servers, an OTLP receiver): rustls with
//! *ring* for its cryptography (reqwest's default, aws-lc, took a minute of a first build).

/// Installs *ring* as the process's provider, once, before the first HTTPS client is made
/// (reqwest built without a provider panics at its first client). A provider the embedding
/// program installed first serves instead.
pub(crate) fn install_provider() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}
