//! ordo's patch: the sort behind `Array.prototype.sort`, `toSorted` and their typed-array
//! versions: Timsort, with the comparisons V8's makes, in the order it makes them.
//!
//! A script's comparator is hostile input, and often not an order at all. `() => Math.random()
//! - 0.5` is how models shuffle, and `(a, b) => (a.name > b.name ? 1 : -1)`, which answers "less"
//! both ways for two equal names, is how they often sort records. The standard library's
//! `sort_by` may panic when the order it is given is not total, which ended the engine thread;
//! and any other algorithm than V8's puts equal records in another order than Node does (that
//! comparator reverses ties in Node). So this is the algorithm V8 runs (Tim Peters' list sort:
//! runs found or made by binary insertion to a minimum length, a stack of runs merged while its
//! lengths break the invariants, merges that gallop once one side keeps winning), asking the
//! comparator the same questions with the same operands in the same order: whatever the
//! comparator answers, the result and the calls it saw are Node's. It never panics; it only
//! ever moves values, so the result is a permutation of the input.

use std::cmp::Ordering;

use crate::{Context, JsResult, JsString, JsValue};

/// How many wins in a row of one side start a merge's galloping, at first; the threshold
/// adapts (a sort's state, as in V8), and galloping goes on while either side wins this many.
const MIN_GALLOP: usize = 7;

/// Sorts `items` stably by `compare`, as V8's `Array.prototype.sort` does.
///
/// The first error `compare` returns is returned at once, without another comparison; `items`
/// is then in no particular order (the callers discard it).
pub(crate) fn merge_sort<F>(items: &mut [JsValue], compare: F) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let len = items.len();
    if len < 2 {
        return Ok(());
    }
    let mut sort = TimSort {
        items,
        compare,
        runs: Vec::new(),
        min_gallop: MIN_GALLOP,
    };
    let min_run = min_run_length(len);
    let mut low = 0;
    while low < len {
        let remaining = len - low;
        let mut run = sort.count_and_make_run(low, len)?;
        if run < min_run {
            let forced = min_run.min(remaining);
            sort.binary_insertion_sort(low, low + run, low + forced)?;
            run = forced;
        }
        sort.runs.push(Run {
            base: low,
            len: run,
        });
        sort.merge_collapse()?;
        low += run;
    }
    sort.merge_force_collapse()
}

/// The shortest run worth making by insertion, between 32 and 64, such that `n / min_run` is a
/// power of two or a little less (the merges are then balanced).
fn min_run_length(mut n: usize) -> usize {
    let mut odd = 0;
    while n >= 64 {
        odd |= n & 1;
        n >>= 1;
    }
    n + odd
}

/// A sorted stretch of the items waiting to be merged.
#[derive(Clone, Copy)]
struct Run {
    base: usize,
    len: usize,
}

struct TimSort<'a, F> {
    items: &'a mut [JsValue],
    compare: F,
    runs: Vec<Run>,
    /// The wins in a row that start galloping: lower while galloping pays, higher when not.
    min_gallop: usize,
}

/// Whether the comparator said its first operand goes before its second.
fn less(order: Ordering) -> bool {
    order == Ordering::Less
}

impl<F> TimSort<'_, F>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    fn compare(&mut self, x: &JsValue, y: &JsValue) -> JsResult<Ordering> {
        (self.compare)(x, y)
    }

    /// The length of the run at `low` (below `high`): ascending, or strictly descending and
    /// then reversed in place.
    fn count_and_make_run(&mut self, low: usize, high: usize) -> JsResult<usize> {
        if low + 1 == high {
            return Ok(1);
        }
        let (first, second) = (self.items[low].clone(), self.items[low + 1].clone());
        let descending = less(self.compare(&second, &first)?);
        let mut previous = second;
        let mut len = 2;
        for index in low + 2..high {
            let current = self.items[index].clone();
            let order = self.compare(&current, &previous)?;
            if descending != less(order) {
                break;
            }
            previous = current;
            len += 1;
        }
        if descending {
            self.items[low..low + len].reverse();
        }
        Ok(len)
    }

    /// Sorts `low..high` of which `low..start` is sorted: each next value goes after every
    /// value the comparator does not put after it.
    fn binary_insertion_sort(&mut self, low: usize, start: usize, high: usize) -> JsResult<()> {
        let start = if low == start { start + 1 } else { start };
        for next in start..high {
            let pivot = self.items[next].clone();
            let (mut left, mut right) = (low, next);
            while left < right {
                let middle = left + (right - left) / 2;
                let value = self.items[middle].clone();
                if less(self.compare(&pivot, &value)?) {
                    right = middle;
                } else {
                    left = middle + 1;
                }
            }
            self.items[left..=next].rotate_right(1);
        }
        Ok(())
    }

    /// Merges the runs on the stack until each is longer than the next two together and than
    /// the next one.
    fn merge_collapse(&mut self) -> JsResult<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |runs: &[Run], index: usize| runs[index].len;
            let broken = (n >= 1
                && len(&self.runs, n - 1) <= len(&self.runs, n) + len(&self.runs, n + 1))
                || (n >= 2
                    && len(&self.runs, n - 2) <= len(&self.runs, n - 1) + len(&self.runs, n));
            if broken {
                if len(&self.runs, n - 1) < len(&self.runs, n + 1) {
                    n -= 1;
                }
            } else if len(&self.runs, n) > len(&self.runs, n + 1) {
                break;
            }
            self.merge_at(n)?;
        }
        Ok(())
    }

    /// Merges every run left, the shorter neighbour first.
    fn merge_force_collapse(&mut self) -> JsResult<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].len < self.runs[n + 1].len {
                n -= 1;
            }
            self.merge_at(n)?;
        }
        Ok(())
    }

    /// Merges the runs at `i` and `i + 1` of the stack, after taking off the values of the
    /// first already before the second's first and of the second already after the first's last.
    fn merge_at(&mut self, i: usize) -> JsResult<()> {
        let (a, b) = (self.runs[i], self.runs[i + 1]);
        self.runs[i].len = a.len + b.len;
        self.runs.remove(i + 1);
        let key = self.items[b.base].clone();
        let skipped = gallop_right(&mut self.compare, self.items, &key, a.base, a.len, 0)?;
        let (base_a, len_a) = (a.base + skipped, a.len - skipped);
        if len_a == 0 {
            return Ok(());
        }
        let key = self.items[base_a + len_a - 1].clone();
        let len_b = gallop_left(
            &mut self.compare,
            self.items,
            &key,
            b.base,
            b.len,
            b.len - 1,
        )?;
        if len_b == 0 {
            return Ok(());
        }
        if len_a <= len_b {
            self.merge_low(base_a, len_a, b.base, len_b)
        } else {
            self.merge_high(base_a, len_a, b.base, len_b)
        }
    }

    /// Merges `a` and the run after it, shorter or as long, from the front: `a` is copied out,
    /// and each place is filled from the copy or from `b`, galloping while one side wins.
    fn merge_low(
        &mut self,
        base_a: usize,
        len_a: usize,
        base_b: usize,
        len_b: usize,
    ) -> JsResult<()> {
        let temp = self.items[base_a..base_a + len_a].to_vec();
        let (mut len_a, mut len_b) = (len_a, len_b);
        let (mut dest, mut cursor_temp, mut cursor_b) = (base_a, 0, base_b);
        self.items[dest] = self.items[cursor_b].clone();
        (dest, cursor_b, len_b) = (dest + 1, cursor_b + 1, len_b - 1);
        let end = 'merge: {
            if len_b == 0 {
                break 'merge MergeEnd::Done;
            }
            if len_a == 1 {
                break 'merge MergeEnd::LastOfOther;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let (mut wins_a, mut wins_b) = (0, 0);
                // One value at a time until one side appears to win consistently.
                loop {
                    let (value_b, value_a) = (self.items[cursor_b].clone(), &temp[cursor_temp]);
                    if less(self.compare(&value_b, value_a)?) {
                        self.items[dest] = value_b;
                        (dest, cursor_b, len_b) = (dest + 1, cursor_b + 1, len_b - 1);
                        (wins_a, wins_b) = (0, wins_b + 1);
                        if len_b == 0 {
                            break 'merge MergeEnd::Done;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    } else {
                        self.items[dest] = temp[cursor_temp].clone();
                        (dest, cursor_temp, len_a) = (dest + 1, cursor_temp + 1, len_a - 1);
                        (wins_a, wins_b) = (wins_a + 1, 0);
                        if len_a == 1 {
                            break 'merge MergeEnd::LastOfOther;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    }
                }
                // Galloping: how many in a row each side gives, found by search.
                min_gallop += 1;
                let mut first = true;
                while first || wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP {
                    first = false;
                    min_gallop = min_gallop.saturating_sub(1).max(1);
                    self.min_gallop = min_gallop;
                    let key = self.items[cursor_b].clone();
                    wins_a = gallop_right(&mut self.compare, &temp, &key, cursor_temp, len_a, 0)?;
                    if wins_a > 0 {
                        for offset in 0..wins_a {
                            self.items[dest + offset] = temp[cursor_temp + offset].clone();
                        }
                        (dest, cursor_temp, len_a) =
                            (dest + wins_a, cursor_temp + wins_a, len_a - wins_a);
                        if len_a == 1 {
                            break 'merge MergeEnd::LastOfOther;
                        }
                        // Only a comparator that is no order gets here.
                        if len_a == 0 {
                            break 'merge MergeEnd::Done;
                        }
                    }
                    self.items[dest] = self.items[cursor_b].clone();
                    (dest, cursor_b, len_b) = (dest + 1, cursor_b + 1, len_b - 1);
                    if len_b == 0 {
                        break 'merge MergeEnd::Done;
                    }
                    let key = temp[cursor_temp].clone();
                    wins_b = gallop_left(&mut self.compare, self.items, &key, cursor_b, len_b, 0)?;
                    if wins_b > 0 {
                        for offset in 0..wins_b {
                            self.items[dest + offset] = self.items[cursor_b + offset].clone();
                        }
                        (dest, cursor_b, len_b) =
                            (dest + wins_b, cursor_b + wins_b, len_b - wins_b);
                        if len_b == 0 {
                            break 'merge MergeEnd::Done;
                        }
                    }
                    self.items[dest] = temp[cursor_temp].clone();
                    (dest, cursor_temp, len_a) = (dest + 1, cursor_temp + 1, len_a - 1);
                    if len_a == 1 {
                        break 'merge MergeEnd::LastOfOther;
                    }
                }
                // Leaving galloping costs: it must pay more next time to start again.
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        match end {
            MergeEnd::Done => {
                for offset in 0..len_a {
                    self.items[dest + offset] = temp[cursor_temp + offset].clone();
                }
            }
            MergeEnd::LastOfOther => {
                // The copy's last value goes after what is left of `b`.
                for offset in 0..len_b {
                    self.items[dest + offset] = self.items[cursor_b + offset].clone();
                }
                self.items[dest + len_b] = temp[cursor_temp].clone();
            }
        }
        Ok(())
    }

    /// Merges `a` and the shorter run `b` after it, from the back: `b` is copied out, and each
    /// place from the end is filled from `a` or from the copy, galloping while one side wins.
    fn merge_high(
        &mut self,
        base_a: usize,
        len_a: usize,
        base_b: usize,
        len_b: usize,
    ) -> JsResult<()> {
        let temp = self.items[base_b..base_b + len_b].to_vec();
        let (mut len_a, mut len_b) = (len_a, len_b);
        // Cursors one past the place they name: `dest - 1` is the next place filled.
        let (mut dest, mut cursor_temp, mut cursor_a) = (base_b + len_b, len_b, base_a + len_a);
        self.items[dest - 1] = self.items[cursor_a - 1].clone();
        (dest, cursor_a, len_a) = (dest - 1, cursor_a - 1, len_a - 1);
        let end = 'merge: {
            if len_a == 0 {
                break 'merge MergeEnd::Done;
            }
            if len_b == 1 {
                break 'merge MergeEnd::LastOfOther;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let (mut wins_a, mut wins_b) = (0, 0);
                loop {
                    let (value_b, value_a) =
                        (&temp[cursor_temp - 1], self.items[cursor_a - 1].clone());
                    if less(self.compare(value_b, &value_a)?) {
                        self.items[dest - 1] = value_a;
                        (dest, cursor_a, len_a) = (dest - 1, cursor_a - 1, len_a - 1);
                        (wins_a, wins_b) = (wins_a + 1, 0);
                        if len_a == 0 {
                            break 'merge MergeEnd::Done;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    } else {
                        self.items[dest - 1] = temp[cursor_temp - 1].clone();
                        (dest, cursor_temp, len_b) = (dest - 1, cursor_temp - 1, len_b - 1);
                        (wins_a, wins_b) = (0, wins_b + 1);
                        if len_b == 1 {
                            break 'merge MergeEnd::LastOfOther;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    }
                }
                min_gallop += 1;
                let mut first = true;
                while first || wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP {
                    first = false;
                    min_gallop = min_gallop.saturating_sub(1).max(1);
                    self.min_gallop = min_gallop;
                    let key = temp[cursor_temp - 1].clone();
                    let kept = gallop_right(
                        &mut self.compare,
                        self.items,
                        &key,
                        base_a,
                        len_a,
                        len_a - 1,
                    )?;
                    wins_a = len_a - kept;
                    if wins_a > 0 {
                        for offset in 1..=wins_a {
                            self.items[dest - offset] = self.items[cursor_a - offset].clone();
                        }
                        (dest, cursor_a, len_a) =
                            (dest - wins_a, cursor_a - wins_a, len_a - wins_a);
                        if len_a == 0 {
                            break 'merge MergeEnd::Done;
                        }
                    }
                    self.items[dest - 1] = temp[cursor_temp - 1].clone();
                    (dest, cursor_temp, len_b) = (dest - 1, cursor_temp - 1, len_b - 1);
                    if len_b == 1 {
                        break 'merge MergeEnd::LastOfOther;
                    }
                    let key = self.items[cursor_a - 1].clone();
                    let kept = gallop_left(&mut self.compare, &temp, &key, 0, len_b, len_b - 1)?;
                    wins_b = len_b - kept;
                    if wins_b > 0 {
                        for offset in 1..=wins_b {
                            self.items[dest - offset] = temp[cursor_temp - offset].clone();
                        }
                        (dest, cursor_temp, len_b) =
                            (dest - wins_b, cursor_temp - wins_b, len_b - wins_b);
                        if len_b == 1 {
                            break 'merge MergeEnd::LastOfOther;
                        }
                        // Only a comparator that is no order gets here.
                        if len_b == 0 {
                            break 'merge MergeEnd::Done;
                        }
                    }
                    self.items[dest - 1] = self.items[cursor_a - 1].clone();
                    (dest, cursor_a, len_a) = (dest - 1, cursor_a - 1, len_a - 1);
                    if len_a == 0 {
                        break 'merge MergeEnd::Done;
                    }
                }
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        match end {
            MergeEnd::Done => {
                for offset in 0..len_b {
                    self.items[dest - len_b + offset] = temp[offset].clone();
                }
            }
            MergeEnd::LastOfOther => {
                // The copy's first value goes before what is left of `a`.
                for offset in 1..=len_a {
                    self.items[dest - offset] = self.items[cursor_a - offset].clone();
                }
                self.items[dest - len_a - 1] = temp[cursor_temp - 1].clone();
            }
        }
        Ok(())
    }
}

/// How a merge ended: with the copy's rest to place (`Done`), or with one value of the copy
/// left, which belongs past all that is left of the other run (`LastOfOther`).
enum MergeEnd {
    Done,
    LastOfOther,
}

/// Where `key` goes in `values[base..base + len]`, sorted: before the first value not less than
/// it. The search starts at `hint`, steps out by growing offsets, then bisects.
fn gallop_left<F>(
    compare: &mut F,
    values: &[JsValue],
    key: &JsValue,
    base: usize,
    len: usize,
    hint: usize,
) -> JsResult<usize>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let (mut last, mut offset) = (0, 1);
    if less(compare(&values[base + hint], key)?) {
        // values[hint] < key: out to the right, until values[hint + last] < key <= values[hint + offset].
        let max = len - hint;
        while offset < max {
            if !less(compare(&values[base + hint + offset], key)?) {
                break;
            }
            last = offset;
            offset = offset * 2 + 1;
        }
        offset = offset.min(max);
        (last, offset) = (last + hint + 1, offset + hint);
    } else {
        // key <= values[hint]: out to the left, until values[hint - offset] < key <= values[hint - last].
        let max = hint + 1;
        while offset < max {
            if less(compare(&values[base + hint - offset], key)?) {
                break;
            }
            last = offset;
            offset = offset * 2 + 1;
        }
        offset = offset.min(max);
        // `hint - offset` is -1 when the search ran off the left end: `last` counts from one.
        (last, offset) = ((hint + 1) - offset, hint - last);
    }
    // Now the place is in last..=offset (with `last` one past the value known to be less).
    while last < offset {
        let middle = last + (offset - last) / 2;
        if less(compare(&values[base + middle], key)?) {
            last = middle + 1;
        } else {
            offset = middle;
        }
    }
    Ok(offset)
}

/// Where `key` goes in `values[base..base + len]`, sorted: after the last value not greater
/// than it. As [`gallop_left`], from `hint`.
fn gallop_right<F>(
    compare: &mut F,
    values: &[JsValue],
    key: &JsValue,
    base: usize,
    len: usize,
    hint: usize,
) -> JsResult<usize>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let (mut last, mut offset) = (0, 1);
    if less(compare(key, &values[base + hint])?) {
        // key < values[hint]: out to the left, until values[hint - offset] <= key < values[hint - last].
        let max = hint + 1;
        while offset < max {
            if !less(compare(key, &values[base + hint - offset])?) {
                break;
            }
            last = offset;
            offset = offset * 2 + 1;
        }
        offset = offset.min(max);
        (last, offset) = ((hint + 1) - offset, hint - last);
    } else {
        // values[hint] <= key: out to the right, until values[hint + last] <= key < values[hint + offset].
        let max = len - hint;
        while offset < max {
            if less(compare(key, &values[base + hint + offset])?) {
                break;
            }
            last = offset;
            offset = offset * 2 + 1;
        }
        offset = offset.min(max);
        (last, offset) = (last + hint + 1, offset + hint);
    }
    while last < offset {
        let middle = last + (offset - last) / 2;
        if less(compare(key, &values[base + middle])?) {
            offset = middle;
        } else {
            last = middle + 1;
        }
    }
    Ok(offset)
}

/// Sorts `items` in the default order (`undefined` last, the rest by their strings'
/// code units, stably) if every value is a primitive other than a symbol, and says whether it
/// did. Such a value's `ToString` runs no script and cannot throw, so converting each once, not
/// twice per comparison, is not observable; an object's `toString` (which may count its calls)
/// and a symbol's (which throws, but only if a comparison is made) leave the sort to
/// [`merge_sort`] and `CompareArrayElements`.
pub(crate) fn sort_primitives_by_strings(items: &mut Vec<JsValue>, context: &mut Context) -> bool {
    if items.len() < 2
        || items
            .iter()
            .any(|item| item.is_object() || item.is_symbol())
    {
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
    let mut keyed: Vec<(Option<JsString>, JsValue)> =
        keys.into_iter().zip(items.drain(..)).collect();
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
