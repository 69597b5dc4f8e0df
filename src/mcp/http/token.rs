//! The bearer token that admits requests to the HTTP endpoint: generated from the operating system's random
//! source or read from an environment variable, compared in constant time, and never shown by
//! `Debug` or `Display`.

use std::ffi::OsString;
use std::fmt;

use subtle::ConstantTimeEq;

/// How many random bytes a generated token carries (shown as twice as many hex digits).
const GENERATED_BYTES: usize = 32;

/// The shortest token accepted from the environment: shorter ones can be guessed.
pub const MIN_TOKEN_LEN: usize = 16;

/// A bearer token a client must present as `Authorization: Bearer <token>`.
///
/// Its `Debug` and `Display` print `Token(***)`; only [`Token::reveal`] gives the value, for
/// printing it once to the person who started the server.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// A fresh token: 32 bytes from the operating system's random source, as 64 lowercase hex
    /// digits (safe in a URL and in a header).
    ///
    /// # Errors
    ///
    /// When the random source cannot be read, a message saying so.
    pub fn generate() -> Result<Token, String> {
        let mut bytes = [0u8; GENERATED_BYTES];
        getrandom::fill(&mut bytes).map_err(|error| {
            format!("could not read the operating system's random source for a token: {error}")
        })?;
        let mut hex = String::with_capacity(GENERATED_BYTES * 2);
        for byte in bytes {
            hex.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
            hex.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
        }
        Ok(Token(hex))
    }

    /// The token held by the environment variable `var`.
    ///
    /// # Errors
    ///
    /// A message naming `var` when it is not set, is empty, is not UTF-8, holds characters a
    /// client could not send in a header (spaces, control characters, non-ASCII), or is shorter
    /// than [`MIN_TOKEN_LEN`]. The message never contains the value.
    pub fn from_env(var: &str) -> Result<Token, String> {
        Self::from_value(var, std::env::var_os(var))
    }

    /// Checks `value`, read from the variable `var`, as [`Token::from_env`] does.
    fn from_value(var: &str, value: Option<OsString>) -> Result<Token, String> {
        let Some(value) = value else {
            return Err(format!(
                "environment variable {var} is not set; set it to the bearer token clients \
                 must send (e.g. `export {var}=$(openssl rand -hex 32)`)"
            ));
        };
        let Ok(value) = value.into_string() else {
            return Err(format!("environment variable {var} is not valid UTF-8"));
        };
        if value.is_empty() {
            return Err(format!(
                "environment variable {var} is empty; set it to the bearer token clients must send"
            ));
        }
        if !value.bytes().all(|byte| byte.is_ascii_graphic()) {
            return Err(format!(
                "environment variable {var} holds spaces, control or non-ASCII characters, \
                 which a client cannot send in an Authorization header"
            ));
        }
        if value.len() < MIN_TOKEN_LEN {
            return Err(format!(
                "the token in environment variable {var} is too short ({} characters); use at \
                 least {MIN_TOKEN_LEN}, e.g. `openssl rand -hex 32`",
                value.len()
            ));
        }
        Ok(Token(value))
    }

    /// Whether `presented` is this token, compared in constant time (the time taken does not
    /// depend on where the bytes differ).
    pub fn matches(&self, presented: &[u8]) -> bool {
        self.0.as_bytes().ct_eq(presented).into()
    }

    /// The token itself, to print once for the person who started the server. Never log it.
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

/// Lowercase hex digits, indexed by nibble.
const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(value: &str) -> Token {
        match Token::from_value("T", Some(OsString::from(value))) {
            Ok(token) => token,
            Err(error) => panic!("{error}"),
        }
    }

    #[test]
    fn r_mcps_6_generated_tokens_are_64_hex_digits_and_differ() {
        let (Ok(a), Ok(b)) = (Token::generate(), Token::generate()) else {
            panic!("no random source");
        };
        assert_eq!(a.reveal().len(), 64);
        assert!(a.reveal().bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a.reveal(), b.reveal());
    }

    #[test]
    fn r_mcps_6_token_debug_and_display_hide_the_value() {
        let token = token("s3cret-s3cret-s3cret");
        for shown in [format!("{token:?}"), format!("{token}"), format!("{:?}", Some(&token))] {
            assert!(!shown.contains("s3cret"), "{shown}");
            assert!(shown.contains("Token(***)"), "{shown}");
        }
        assert_eq!(token.reveal(), "s3cret-s3cret-s3cret");
    }

    #[test]
    fn r_mcps_6_token_matches_only_itself() {
        let token = token("0123456789abcdef");
        assert!(token.matches(b"0123456789abcdef"));
        assert!(!token.matches(b"0123456789abcdeF"));
        assert!(!token.matches(b"0123456789abcde"));
        assert!(!token.matches(b"0123456789abcdef0"));
        assert!(!token.matches(b""));
    }

    #[test]
    fn r_mcps_6_token_from_env_errors_name_the_variable_and_hide_the_value() {
        let missing = Token::from_env("ORDO_TEST_SURELY_UNSET_TOKEN_VARIABLE");
        assert!(
            matches!(&missing, Err(e) if e.contains("ORDO_TEST_SURELY_UNSET_TOKEN_VARIABLE")),
            "{missing:?}"
        );
        for (value, expect) in [
            ("", "is empty"),
            ("tiny1", "too short"),
            ("has a space in it, long enough", "spaces"),
            ("naïve-but-long-enough-token", "non-ASCII"),
        ] {
            let result = Token::from_value("MY_TOKEN", Some(OsString::from(value)));
            let Err(error) = result else {
                panic!("{value:?} was accepted");
            };
            assert!(error.contains("MY_TOKEN"), "{error}");
            assert!(error.contains(expect), "{error}");
            assert!(value.is_empty() || !error.contains(value), "{error}");
        }
    }
}
