//! ordo's patch: collections of the young boxes alone (`Collector::collect_young`).

use std::{cell::Cell, rc::Rc};

use super::{Harness, run_test};
use crate::{Finalize, Gc, GcBox, GcRefCell, Trace, WeakGc, WeakMap, force_collect};

#[derive(Trace, Finalize)]
struct Node {
    value: usize,
    next: GcRefCell<Option<Gc<Node>>>,
}

fn node(value: usize, next: Option<Gc<Node>>) -> Gc<Node> {
    Gc::new(Node {
        value,
        next: GcRefCell::new(next),
    })
}

const NODE: usize = size_of::<GcBox<Node>>();

#[test]
fn young_garbage_is_freed_and_old_boxes_are_left() {
    run_test(|| {
        let old = node(1, None);
        force_collect();
        Harness::assert_exact_bytes_allocated(NODE);

        // A young chain and a young cycle that nothing holds, and one young box on the stack.
        let chain = node(2, Some(node(3, None)));
        drop(chain);
        let a = node(4, None);
        let b = node(5, Some(a.clone()));
        *a.next.borrow_mut() = Some(b.clone());
        drop((a, b));
        let kept = node(6, None);
        Harness::assert_exact_bytes_allocated(6 * NODE);

        Harness::collect_young();
        Harness::assert_exact_bytes_allocated(2 * NODE);
        assert_eq!(old.value, 1);
        assert_eq!(kept.value, 6);
    });
}

#[test]
fn a_young_box_held_only_by_an_old_one_survives() {
    run_test(|| {
        let old = node(1, None);
        force_collect();

        // The young box is reachable only through the old one, and holds a young box itself.
        *old.next.borrow_mut() = Some(node(2, Some(node(3, None))));
        Harness::collect_young();
        Harness::collect_young();
        Harness::assert_exact_bytes_allocated(3 * NODE);

        let second = old.next.borrow().clone().expect("the young box survived");
        let third = second.next.borrow().clone().expect("and what it holds");
        assert_eq!((second.value, third.value), (2, 3));
        drop((second, third));

        // Once the old box lets go, a full collection frees both.
        *old.next.borrow_mut() = None;
        force_collect();
        Harness::assert_exact_bytes_allocated(NODE);
    });
}

#[test]
fn old_garbage_waits_for_a_full_collection() {
    run_test(|| {
        let a = node(1, None);
        let b = node(2, Some(a.clone()));
        *a.next.borrow_mut() = Some(b.clone());
        force_collect();
        drop((a, b));

        // An old cycle is not looked at by a young collection; it holds a young box alive.
        Harness::collect_young();
        Harness::assert_exact_bytes_allocated(2 * NODE);
        force_collect();
        Harness::assert_exact_bytes_allocated(0);
    });
}

#[test]
fn a_young_key_that_dies_clears_its_ephemerons_old_and_young() {
    run_test(|| {
        let old_key = node(1, None);
        let old_weak = WeakGc::new(&old_key);
        // Old ephemeron boxes whose keys will be young: a weak map made before the collection.
        let mut map = WeakMap::<Node, usize>::new();
        force_collect();

        let young_key = node(2, None);
        let young_weak = WeakGc::new(&young_key);
        let keyed = node(3, None);
        map.insert(&keyed, 30);
        let kept = node(4, None);
        map.insert(&kept, 40);

        drop((young_key, keyed));
        Harness::collect_young();
        assert!(young_weak.upgrade().is_none());
        assert_eq!(old_weak.upgrade().map(|key| key.value), Some(1));
        let value = map.get(&kept).and_then(|entry| entry.value().map(|value| *value));
        assert_eq!(value, Some(40));
        drop(old_key);
        force_collect();
        assert!(old_weak.upgrade().is_none());
    });
}

#[test]
fn an_ephemeron_value_keeps_what_it_holds_while_its_key_lives() {
    run_test(|| {
        let key = node(1, None);
        let mut map = WeakMap::<Node, Gc<Node>>::new();
        force_collect();
        map.insert(&key, node(10, Some(node(11, None))));
        Harness::collect_young();
        Harness::collect_young();
        let value = map
            .get(&key)
            .and_then(|entry| entry.value().map(|value| value.clone()))
            .expect("the key lives");
        let next = value.next.borrow().clone().expect("the value's box lives");
        assert_eq!((value.value, next.value), (10, 11));
    });
}

#[test]
fn finalizers_of_young_garbage_run_once() {
    #[derive(Trace)]
    struct Counted(#[unsafe_ignore_trace] Rc<Cell<usize>>);
    impl Finalize for Counted {
        fn finalize(&self) {
            self.0.set(self.0.get() + 1);
        }
    }

    run_test(|| {
        let count = Rc::new(Cell::new(0));
        let survivor = Gc::new(Counted(count.clone()));
        drop(Gc::new(Counted(count.clone())));
        Harness::collect_young();
        assert_eq!(count.get(), 1);
        drop(survivor);
        Harness::collect_young();
        assert_eq!(count.get(), 1, "an old box is not finalized by a young collection");
        force_collect();
        assert_eq!(count.get(), 2);
    });
}

#[test]
fn allocation_runs_young_collections_under_a_large_live_heap() {
    run_test(|| {
        // 4 MiB of live boxes, then ten times as much garbage made one box at a time.
        let live: Vec<Gc<Node>> = (0..(4 << 20) / NODE).map(|i| node(i, None)).collect();
        let counts = || {
            crate::BOA_GC.with(|gc| {
                let gc = gc.borrow();
                (gc.runtime.collections, gc.runtime.young_collections)
            })
        };
        let (full_before, young_before) = counts();
        let before = Harness::bytes_allocated();
        for i in 0..10 * live.len() {
            drop(node(i, None));
        }
        let (full, young) = counts();
        // One where the last growth left the threshold within a nursery of the live heap.
        assert!(full - full_before <= 1, "full collections: {}", full - full_before);
        assert!(young - young_before >= 35, "young collections: {}", young - young_before);
        assert!(Harness::bytes_allocated() < before + 2 * super::super::NURSERY_BYTES);
        assert!(live.iter().enumerate().all(|(i, n)| n.value == i));
    });
}
