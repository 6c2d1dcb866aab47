/// The first index in `from ..< count` whose entry is not below a bound, for entries
/// ascending from `from` (`isBelow(i)`: entry i is below the bound): probes from, from + 1,
/// from + 3, from + 7, ... and then searches between the last two probes, so a walk
/// over ascending bounds costs O(log of the entries passed) per bound, not O(log count).
@inline(__always)
func gallop(from: Int, count: Int, _ isBelow: (Int) -> Bool) -> Int {
    var low = from, high = from, step = 1
    while high < count && isBelow(high) {
        low = high + 1
        high = low + step - 1
        step *= 2
    }
    high = min(high, count)
    while low < high {
        let mid = (low + high) / 2
        if isBelow(mid) { low = mid + 1 } else { high = mid }
    }
    return low
}
