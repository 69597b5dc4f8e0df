//! Host and origin names, normalized so they can be compared: IP literals as addresses (so
//! `[0:0::1]` is `[::1]`), names in lowercase, origins as (scheme, host, port) with the
//! scheme's default port filled in.

use std::net::IpAddr;

/// How much of a value from a request a message or log line shows.
const SHOWN_MAX_CHARS: usize = 100;

/// The host part of a `Host` header, an origin, or an allowed-host entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostName {
    /// An IP literal (IPv6 written in brackets in headers).
    Ip(IpAddr),
    /// A DNS name, lowercase.
    Name(String),
}

impl HostName {
    /// `host` as written in an authority: `[v6]`, `v4`, or a name. A bare IPv6 address (as
    /// someone might write in a flag) is accepted too.
    pub(crate) fn parse(host: &str) -> HostName {
        let unbracketed = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
        match unbracketed.parse::<IpAddr>() {
            Ok(ip) => HostName::Ip(ip.to_canonical()),
            Err(_) => HostName::Name(host.to_ascii_lowercase()),
        }
    }

    /// Whether this names the local machine: `localhost` or a loopback address.
    pub(crate) fn is_loopback(&self) -> bool {
        match self {
            HostName::Ip(ip) => ip.is_loopback(),
            HostName::Name(name) => name == "localhost",
        }
    }
}

/// A host and optional port, from a `Host` header or an allowed-host entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Authority {
    /// The host.
    pub(crate) host: HostName,
    /// The port, when written.
    pub(crate) port: Option<u16>,
}

impl Authority {
    /// Parses `host[:port]` (IPv6 in brackets, or bare without a port). `None` when it is not
    /// an authority or carries user information (`user@host`).
    pub(crate) fn parse(text: &str) -> Option<Authority> {
        let text = text.trim();
        if text.is_empty() || text.contains('@') {
            return None;
        }
        if let Ok(ip) = text.parse::<IpAddr>() {
            return Some(Authority { host: HostName::Ip(ip.to_canonical()), port: None });
        }
        let authority = text.parse::<hyper::http::uri::Authority>().ok()?;
        if authority.host().is_empty() {
            return None;
        }
        Some(Authority { host: HostName::parse(authority.host()), port: authority.port_u16() })
    }
}

/// A browser origin: `null`, or (scheme, host, port).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The opaque origin `null` (sandboxed frames, `file:` pages, some redirects).
    Null,
    /// A tuple origin.
    Tuple {
        /// The scheme, lowercase.
        scheme: String,
        /// The host.
        host: HostName,
        /// The port: explicit, else 80 for `http` and 443 for `https`, else none.
        port: Option<u16>,
    },
}

impl Origin {
    /// Parses an `Origin` header value or an allowed-origin entry (a trailing `/` is allowed).
    /// `None` when it is neither `null` nor `scheme://host[:port]`.
    pub(crate) fn parse(text: &str) -> Option<Origin> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("null") {
            return Some(Origin::Null);
        }
        let (scheme, rest) = text.split_once("://")?;
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let valid_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if !valid_scheme || rest.contains(['/', '?', '#']) {
            return None;
        }
        let authority = rest.parse::<hyper::http::uri::Authority>().ok()?;
        if authority.host().is_empty() || rest.contains('@') {
            return None;
        }
        let scheme = scheme.to_ascii_lowercase();
        let port = authority.port_u16().or(match scheme.as_str() {
            "http" => Some(80),
            "https" => Some(443),
            _ => None,
        });
        Some(Origin::Tuple { scheme, host: HostName::parse(authority.host()), port })
    }

    /// Whether this is a page served from the local machine over http or https.
    pub(crate) fn is_loopback(&self) -> bool {
        match self {
            Origin::Null => false,
            Origin::Tuple { scheme, host, .. } => {
                (scheme == "http" || scheme == "https") && host.is_loopback()
            }
        }
    }
}

/// A value from a request made safe to show: at most 100 characters, invalid UTF-8 replaced,
/// control characters, quotes and backslashes escaped, and `…` when cut.
pub(crate) fn shown(value: &[u8]) -> String {
    let text = String::from_utf8_lossy(value);
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == SHOWN_MAX_CHARS {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuple(scheme: &str, host: HostName, port: u16) -> Option<Origin> {
        Some(Origin::Tuple { scheme: scheme.into(), host, port: Some(port) })
    }

    #[test]
    fn r_mcps_6_origins_are_normalized() {
        let app = HostName::Name("app.example".into());
        assert_eq!(Origin::parse("HTTPS://App.Example"), tuple("https", app.clone(), 443));
        assert_eq!(Origin::parse("https://app.example:443/"), tuple("https", app.clone(), 443));
        assert_eq!(Origin::parse("http://app.example:8080"), tuple("http", app, 8080));
        assert_eq!(Origin::parse("null"), Some(Origin::Null));
        let v6 = Origin::parse("http://[0:0::1]:3000");
        assert_eq!(
            v6,
            tuple("http", HostName::Ip(IpAddr::from([0u16, 0, 0, 0, 0, 0, 0, 1])), 3000)
        );
        for bad in
            ["", "app.example", "https://", "https://a/b", "https://u@a", "1ttp://a", "ht tp://a"]
        {
            assert_eq!(Origin::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn r_mcps_6_loopback_origins_are_recognized() {
        for origin in [
            "http://localhost",
            "http://LOCALHOST:5173",
            "https://127.0.0.1:8443",
            "http://[::1]:3000",
        ] {
            assert!(Origin::parse(origin).is_some_and(|o| o.is_loopback()), "{origin}");
        }
        for origin in
            ["http://localhost.evil.example", "file://localhost", "http://10.0.0.1", "null"]
        {
            assert!(!Origin::parse(origin).is_some_and(|o| o.is_loopback()), "{origin}");
        }
    }

    #[test]
    fn r_mcps_6_authorities_parse_with_and_without_port() {
        let parsed = Authority::parse("Example.COM:8808");
        assert_eq!(
            parsed,
            Some(Authority { host: HostName::Name("example.com".into()), port: Some(8808) })
        );
        assert_eq!(Authority::parse("::1").map(|a| a.port), Some(None));
        assert_eq!(Authority::parse("[::1]:80").map(|a| a.port), Some(Some(80)));
        assert_eq!(Authority::parse("user@example.com"), None);
        assert_eq!(Authority::parse(""), None);
        assert_eq!(Authority::parse("a b"), None);
    }

    #[test]
    fn r_mcps_6_shown_values_are_escaped_and_cut() {
        assert_eq!(shown(b"http://a\"\n"), "http://a\\\"\\n");
        assert_eq!(shown(&[b'x'; 150]).chars().count(), 101);
        assert_eq!(shown(&[0xff, b'a']), "\u{fffd}a");
    }
}
