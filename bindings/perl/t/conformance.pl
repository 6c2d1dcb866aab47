# The shared conformance scenario (bindings/conformance/SCENARIO.md): each step compares
# what the library returns with bindings/conformance/expected.txt.
#   perl -Ibindings/perl/lib bindings/perl/t/conformance.pl   (KALENDS_LIBRARY: the library)
use strict;
use warnings;
use utf8;
use FindBin;
use Time::HiRes qw(time);
use Kalends;

my %expected;
open my $fh, '<:encoding(UTF-8)', "$FindBin::Bin/../../conformance/expected.txt" or die "expected.txt: $!";
while (my $line = <$fh>) {
    chomp $line;
    next if $line eq '' || $line =~ /^#/;
    my ($key, $rest) = split / /, $line, 2;
    push @{ $expected{$key} }, $rest // '';
}
close $fh;

sub all  { $expected{ $_[0] } or die "expected.txt has no $_[0]\n" }
sub one  { all($_[0])->[0] }
sub ints { [ split / /, one($_[0]) ] }
sub same {
    my ($what, $got, $want) = @_;
    die "$what: got '$got', expected '$want'\n" unless $got eq $want;
}
sub check_days {
    my ($what, $days, $want) = @_;
    same("$what count", scalar @$days, scalar @$want);
    for my $i (0 .. $#$days) {
        my $d = $days->[$i];
        same("$what $i", join(' ', $i, @$d{qw(date day_number weekday week week_year flags)}), $want->[$i]);
    }
}

my %released;    # raw handles of the view and the store, freed by DESTROY when their block ended

sub scenario {
    # 1. version
    same('version.string', Kalends::version(), one('version.string'));
    same('version.number', Kalends::version_number(), one('version.number'));
    same('version.abi', Kalends::abi_version(), one('version.abi'));
    print "ok version\n";

    # 2. calendar
    my %options = (first_weekday => one('calendar.first_weekday'),
                   min_days_in_first_week => one('calendar.min_days_in_first_week'), today => ints('calendar.today'));
    same('calendar.today_mode', Kalends::ABI::KALENDS_TODAY_FIXED, one('calendar.today_mode'));
    {
        my $cal = Kalends::Calendar->new(%options);   # freed at the end of this block
        my $o = $cal->options;
        same('calendar options', join(' ', @$o{qw(first_weekday min_days_in_first_week weekend_days today_mode today)}),
             join(' ', @options{qw(first_weekday min_days_in_first_week)}, one('calendar.weekend_days'),
                  one('calendar.today_mode'), one('calendar.today_date')));
        same('calendar.today_date', $cal->today, one('calendar.today_date'));
        print "ok calendar\n";

        # 3. grid
        my ($year, $month, $rows) = @{ ints('grid.month') };
        same('grid.month rows', $rows, Kalends::ABI::KALENDS_ROWS_FIXED);
        my $grid = $cal->month_grid($year, $month, 'fixed');
        same('grid.count', scalar @$grid, one('grid.count'));
        check_days('grid.day', $grid, all('grid.day'));
        my %flag = (in_month => Kalends::ABI::KALENDS_DAY_IN_MONTH, leading => Kalends::ABI::KALENDS_DAY_LEADING,
                    trailing => Kalends::ABI::KALENDS_DAY_TRAILING, today => Kalends::ABI::KALENDS_DAY_TODAY,
                    weekend => Kalends::ABI::KALENDS_DAY_WEEKEND);
        for my $name (sort keys %flag) {
            same("grid.$name", scalar(grep { $_->{flags} & $flag{$name} } @$grid), one("grid.$name"));
        }
        print "ok grid\n";

        # 4. view tap
        {
            my $view = Kalends::View->new($cal, width => one('view.width'));
            $released{view} = $view->raw;
            my $p = $view->page;
            same('view.page_before', join(' ', @$p{qw(year month anchor)}), one('view.page_before'));
            my ($hit, $action) = $view->tap(split / /, one('tap.point'));
            same('tap.hit', join(' ', @$hit{qw(kind day_number index)}), one('tap.hit'));
            same('tap.action', join(' ', $action->{outcome}, defined $action->{day} ? (1, $action->{day}) : (0, 0),
                                    $action->{transition}{direction}), one('tap.action'));
            $p = $view->page;
            same('view.page', join(' ', @$p{qw(year month anchor first last)}), one('view.page'));
            same('view.page = transition.to', join(' ', @$p{qw(mode year month anchor first last)}),
                 join(' ', @{ $action->{transition}{to} }{qw(mode year month anchor first last)}));
            my $s = $view->selection;
            same('view.selection', join(' ', @$s{qw(count first last)}), one('view.selection'));
            check_days('view.day', $view->days, all('view.day'));
        }
        print "ok view tap\n";
    }

    # 5. store
    my @events = map {
        my ($id, $all_day, $start, $end, $color, $title) = split / /, $_, 6;
        { id => $id, all_day => $all_day, start => $start, end => $end, color => $color, title => $title }
    } @{ all('store.event') };
    my %by_id = map { $_->{id} => $_ } @events;
    {
        my $store = Kalends::EventStore->new;
        $released{store} = $store->raw;
        $store->add_events(@events);
        same('store.count', $store->count, one('store.count'));
        for my $q (@{ all('store.query') }) {
            my ($first, $last, @ids) = split / /, $q;
            my $found = $store->query($first, $last);
            same("store.query $q", join(' ', map { $_->{id} } @$found), join(' ', @ids));
            for my $e (@$found) {
                my $a = $by_id{ $e->{id} };
                same("store event $e->{id}", join('|', @$e{qw(all_day start end color title)}),
                     join('|', @$a{qw(all_day start end color title)}));
            }
        }
    }
    print "ok store\n";

    # 6. error: a closed calendar's handle is a token the library no longer knows
    my $closed = Kalends::Calendar->new(%options);
    $closed->close;
    my $today = eval { $closed->today };
    my $err = $@;
    die "a closed calendar answered $today\n" if defined $today;
    die "not a Kalends::Error::Misuse: $err" unless ref $err && $err->isa('Kalends::Error::Misuse');
    same('error.status', $err->status . ' ' . $err->name, one('error.status'));
    same('error message is set', length($err->message) > 0 ? 1 : 0, 1);
    same('view released by DESTROY', Kalends::ABI::kalends_view_free($released{view}), Kalends::ABI::KALENDS_E_MISUSE);
    same('store released by DESTROY', Kalends::ABI::kalends_store_free($released{store}), Kalends::ABI::KALENDS_E_MISUSE);
    print "ok error\n";
}

# 7. every record class has the library's size, every field the library's offset
sub layouts {
    my ($size, $offset) = (0, 0);
    for my $name (sort keys %Kalends::ABI::STRUCTS) {
        my $s = $Kalends::ABI::STRUCTS{$name};
        same("$name known", Kalends::ABI::kalends_abi_struct_layout($name, undef, \$size, \$offset), 0);
        same("sizeof $name", $s->{class}->_ffi_record_size, $size);
        for my $field (sort keys %{ $s->{fields} }) {
            same("$name.$field", Kalends::ABI::kalends_abi_struct_layout($name, $field, \$size, \$offset), 0);
            same("offsetof $name.$field", $s->{fields}{$field}, $offset);
        }
    }
    return scalar keys %Kalends::ABI::STRUCTS;
}

my $ok = eval {
    my $started = time;
    scenario();
    my $ms = (time - $started) * 1e3;
    printf "ok layouts (%d structs)\n", layouts();
    my $calls = one('overhead.calls');
    my ($sum, $ns) = (0, 0);
    for (1 .. 2) {    # the second round is measured
        $started = time;
        $sum += Kalends::date_from_day_number($_)->{day} for 0 .. $calls - 1;
        $ns = (time - $started) * 1e9 / $calls;
    }
    same('overhead ran', $sum > 0 ? 1 : 0, 1);
    printf "perl: scenario %.1f ms, date_from_day_number %.0f ns/call (%d calls)\n", $ms, $ns, $calls;
    1;
};
if (!$ok) {
    print STDERR "perl conformance FAILED: $@";
    exit 1;
}
