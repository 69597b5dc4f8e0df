//! A TCP proxy in front of the test database: it counts round trips (each time the server
//! starts answering after the client spoke), and can be made to refuse connections (a database
//! that is down) or to accept them and never answer (one that hangs). The store's tests use it,
//! and so does the fleet benchmark, for the round trips per logged event.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// What the proxy does with connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Mode {
    /// Forwards them.
    Forward = 0,
    /// Refuses them (closes at once): a database that is down.
    Refuse = 1,
    /// Accepts them and never answers: a database that hangs.
    Hang = 2,
}

pub(crate) struct Proxy {
    pub(crate) port: u16,
    mode: Arc<AtomicU8>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    trips: Arc<AtomicU64>,
}

impl Proxy {
    /// A proxy to `upstream` (`host:port`), forwarding.
    pub(crate) fn to(upstream: &str) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let port = listener.local_addr().expect("its address").port();
        let mode = Arc::new(AtomicU8::new(Mode::Forward as u8));
        let (open, trips): (Arc<Mutex<Vec<TcpStream>>>, Arc<AtomicU64>) = Default::default();
        let upstream = upstream.to_owned();
        let (thread_mode, thread_open, counted) =
            (Arc::clone(&mode), Arc::clone(&open), Arc::clone(&trips));
        std::thread::spawn(move || {
            for client in listener.incoming().map_while(Result::ok) {
                let mode = thread_mode.load(Ordering::SeqCst);
                if mode == Mode::Hang as u8 {
                    thread_open.lock().unwrap_or_else(PoisonError::into_inner).push(client);
                    continue;
                }
                if mode != Mode::Forward as u8 {
                    continue;
                }
                let Ok(server) = TcpStream::connect(&upstream) else { continue };
                let _ = (client.set_nodelay(true), server.set_nodelay(true));
                let clone = |stream: &TcpStream| stream.try_clone().expect("a socket's clone");
                let mut open = thread_open.lock().unwrap_or_else(PoisonError::into_inner);
                open.extend([clone(&client), clone(&server)]);
                // Whether the client has spoken since the server last answered.
                let spoke = Arc::new(AtomicBool::new(false));
                relay(clone(&client), clone(&server), Arc::clone(&spoke), None);
                relay(server, client, spoke, Some(Arc::clone(&counted)));
            }
        });
        Self { port, mode, open, trips }
    }

    /// The URL of `database` on the server, reached through the proxy.
    pub(crate) fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// Switches to `mode`, ending the connections open so far.
    pub(crate) fn set(&self, mode: Mode) {
        self.mode.store(mode as u8, Ordering::SeqCst);
        for stream in self.open.lock().unwrap_or_else(PoisonError::into_inner).drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Round trips so far, over every connection.
    pub(crate) fn round_trips(&self) -> u64 {
        self.trips.load(Ordering::SeqCst)
    }
}

/// Copies `from` to `to`; the client's side marks that it spoke, the server's counts an answer
/// to it.
fn relay(
    mut from: TcpStream,
    mut to: TcpStream,
    spoke: Arc<AtomicBool>,
    trips: Option<Arc<AtomicU64>>,
) {
    std::thread::spawn(move || {
        let mut buffer = vec![0; 64 * 1024];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 {
                break;
            }
            match &trips {
                None => spoke.store(true, Ordering::SeqCst),
                Some(trips) => {
                    if spoke.swap(false, Ordering::SeqCst) {
                        trips.fetch_add(1, Ordering::SeqCst);
                    }
                }
            }
            if to.write_all(&buffer[..read]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// A database URL of the test server's (`postgres://postgres@HOST:PORT/DB`): its `HOST:PORT`
/// and its database.
pub(crate) fn split(url: &str) -> (String, String) {
    let rest = url.strip_prefix("postgres://postgres@").expect("the test server's URL");
    let (address, database) = rest.split_once('/').expect("a database in the URL");
    (address.to_owned(), database.to_owned())
}
