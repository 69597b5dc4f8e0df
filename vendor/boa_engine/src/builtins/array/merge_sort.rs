//! ordo's patch: the sort behind `Array.prototype.sort`, `toSorted` and their typed-array
//! versions.
//!
//! A script's comparator is hostile input. `() => Math.random() - 0.5` is how models shuffle,
//! and the standard library's `sort_by` may panic when the order it is given is not total
//! ("user-provided comparison function does not correctly implement a total order"): that
//! ended the engine thread. This sort never panics whatever the comparator answers; it only
//! ever moves values, so the result is a permutation of the input, and its order is the one the
//! comparator gave wherever the comparator is consistent (the specification leaves the order
//! implementation-defined otherwise).
//!
//! It is stable (ES2019) and spends few comparisons, each of which may be a call into script:
//! runs of [`RUN`] values are sorted by binary insertion, then merged bottom-up. A run starts
//! from the values already in order at its head (reversed if strictly descending), so a sorted
//! or reversed input costs about `n` comparisons; past that head each value costs a binary
//! search alone. A merge whose halves are already in order, or in reverse, costs one or two
//! comparisons.

use std::cmp::Ordering;

use crate::{Context, JsResult, JsString, JsValue};

/// The length of the runs that binary insertion sorts before merging starts.
const RUN: usize = 32;

/// Sorts `items` stably by `compare`.
///
/// The first error `compare` returns is returned at once, without another comparison; `items`
/// is then in no particular order and may hold `undefined` in place of some of its values (the
/// callers discard it).
pub(crate) fn merge_sort<F>(items: &mut [JsValue], mut compare: F) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let len = items.len();
    if len < 2 {
        return Ok(());
    }
    for start in (0..len).step_by(RUN) {
        insertion_sort(&mut items[start..len.min(start + RUN)], &mut compare)?;
    }
    let mut buffer = Vec::new();
    let mut gallop = GALLOP;
    let mut width = RUN;
    while width < len {
        let mut start = 0;
        while start + width < len {
            let end = len.min(start + 2 * width);
            merge(&mut items[start..end], width, &mut buffer, &mut gallop, &mut compare)?;
            start = end;
        }
        width *= 2;
    }
    Ok(())
}

/// Binary insertion sort: each value goes after every value not greater than it, so equal
/// values keep their order. The run's head that is already ascending (or strictly descending,
/// then reversed) is taken as it is, one comparison per value.
fn insertion_sort<F>(run: &mut [JsValue], compare: &mut F) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let (sorted, greater_before) = ordered_head(run, compare)?;
    for next in sorted..run.len() {
        let known_greater = greater_before && next == sorted;
        let (mut low, mut high) = (0, if known_greater { next - 1 } else { next });
        while low < high {
            let middle = low + (high - low) / 2;
            if compare(&run[middle], &run[next])? == Ordering::Greater {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        run[low..=next].rotate_right(1);
    }
    Ok(())
}

/// The length of `run`'s ordered head: its values in ascending order, or in strictly descending
/// order, which are reversed in place (strictly, so that no two equal values swap). The flag
/// says whether the value at the head's end is known to be greater than the one after it.
fn ordered_head<F>(run: &mut [JsValue], compare: &mut F) -> JsResult<(usize, bool)>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    if run.len() < 2 {
        return Ok((run.len(), false));
    }
    let mut end = 2;
    if compare(&run[0], &run[1])? == Ordering::Greater {
        while end < run.len() && compare(&run[end - 1], &run[end])? == Ordering::Greater {
            end += 1;
        }
        run[..end].reverse();
        return Ok((end, false));
    }
    while end < run.len() && compare(&run[end - 1], &run[end])? != Ordering::Greater {
        end += 1;
    }
    Ok((end, end < run.len()))
}

/// How many values in a row one side of a merge must win before the merge first gallops.
const GALLOP: usize = 7;

/// Merges the sorted `run[..middle]` and `run[middle..]`, the left one first among equals.
///
/// After `gallop` values in a row from one side, the merge gallops: it finds by exponential
/// then binary search how many values each side gives before the other's next one, and moves
/// them without comparing each (records sorted by a key of few values merge in blocks). It
/// steps again one value at a time when both sides give fewer than [`GALLOP`]. As in Timsort,
/// the threshold to start, `gallop` (at first [`GALLOP`]), grows each time galloping stops and
/// shrinks each time it pays, so that values in random order, where galloping costs more than
/// it saves, rarely do. (The threshold to stop is the constant: with the adaptive one, which
/// reaches 1, a merge galloped on at three comparisons per value; a strided permutation of
/// 24,000 values took 491,485 comparisons, Node 304,878.)
fn merge<F>(
    run: &mut [JsValue],
    middle: usize,
    buffer: &mut Vec<JsValue>,
    gallop: &mut usize,
    compare: &mut F,
) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    if compare(&run[middle - 1], &run[middle])? != Ordering::Greater {
        return Ok(());
    }
    // Every value on the left greater than every one on the right: the halves swap places.
    if compare(&run[0], &run[run.len() - 1])? == Ordering::Greater {
        run.rotate_left(middle);
        return Ok(());
    }
    buffer.clear();
    buffer.extend(run[..middle].iter_mut().map(std::mem::take));
    let (mut left, mut right, mut out) = (0, middle, 0);
    let (mut left_wins, mut right_wins) = (0, 0);
    while left < buffer.len() && right < run.len() {
        if left_wins >= *gallop || right_wins >= *gallop {
            // The left values not greater than the right's next one go first.
            let taken = count_while(&buffer[left..], |value| {
                Ok(compare(value, &run[right])? != Ordering::Greater)
            })?;
            for value in &mut buffer[left..left + taken] {
                run[out] = std::mem::take(value);
                out += 1;
            }
            left += taken;
            if left == buffer.len() {
                break;
            }
            // Then the right values less than the left's next one.
            let key = &buffer[left];
            let given = count_while(&run[right..], |value| {
                Ok(compare(key, value)? == Ordering::Greater)
            })?;
            for _ in 0..given {
                run.swap(out, right);
                out += 1;
                right += 1;
            }
            if taken < GALLOP && given < GALLOP {
                (left_wins, right_wins) = (0, 0);
                *gallop += 1;
            } else {
                *gallop = gallop.saturating_sub(1).max(1);
            }
            continue;
        }
        if compare(&buffer[left], &run[right])? == Ordering::Greater {
            run.swap(out, right);
            right += 1;
            (left_wins, right_wins) = (0, right_wins + 1);
        } else {
            run[out] = std::mem::take(&mut buffer[left]);
            left += 1;
            (left_wins, right_wins) = (left_wins + 1, 0);
        }
        out += 1;
    }
    for value in buffer.drain(left..) {
        run[out] = value;
        out += 1;
    }
    Ok(())
}

/// How many of `values`, from the first, `holds` is true of, when it is true of a prefix and
/// false after it: exponential search for a bound, then binary search below it. A comparator
/// that is not an order only changes the count, which stays within `values`.
fn count_while<P>(values: &[JsValue], mut holds: P) -> JsResult<usize>
where
    P: FnMut(&JsValue) -> JsResult<bool>,
{
    // `low` values are known to hold; the first that fails is below `high`.
    let (mut low, mut high) = (0, values.len());
    let mut step = 1;
    while low < high {
        let probe = (low + step - 1).min(high - 1);
        if !holds(&values[probe])? {
            high = probe;
            break;
        }
        low = probe + 1;
        step *= 2;
    }
    while low < high {
        let middle = low + (high - low) / 2;
        if holds(&values[middle])? {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    Ok(low)
}

/// Sorts `items` in the default order (`undefined` last, the rest by their strings'
/// code units, stably) if every value is a primitive other than a symbol, and says whether it
/// did. Such a value's `ToString` runs no script and cannot throw, so converting each once, not
/// twice per comparison, is not observable; an object's `toString` (which may count its calls)
/// and a symbol's (which throws, but only if a comparison is made) leave the sort to
/// [`merge_sort`] and `CompareArrayElements`.
pub(crate) fn sort_primitives_by_strings(items: &mut Vec<JsValue>, context: &mut Context) -> bool {
    if items.len() < 2 || items.iter().any(|item| item.is_object() || item.is_symbol()) {
        return false;
    }
    let mut keys: Vec<Option<JsString>> = Vec::with_capacity(items.len());
    for item in items.iter() {
        if item.is_undefined() {
            keys.push(None);
            continue;
        }
        // Cannot fail for these values; if it did, the general sort would throw it.
        let Ok(key) = item.to_string(context) else {
            return false;
        };
        keys.push(Some(key));
    }
    let mut keyed: Vec<(Option<JsString>, JsValue)> = keys.into_iter().zip(items.drain(..)).collect();
    // `None` (undefined) after every string: a total order, so the standard library's stable
    // sort neither panics nor differs from any other stable sort.
    keyed.sort_by(|(x, _), (y, _)| match (x, y) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
    items.extend(keyed.into_iter().map(|(_, item)| item));
    true
}
