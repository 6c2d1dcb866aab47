package Kalends;
# Kalends for Perl, through FFI::Platypus. The declarations are generated from the
# headers (Kalends/ABI.pm); this module wraps them in Perl objects.
#
#   use Kalends;                           # KALENDS_LIBRARY, else the installed libkalends
#   my $cal = Kalends::Calendar->new(first_weekday => 7);
#   printf "%s %d\n", $_->{date}, $_->{flags} for @{ $cal->month_grid(2026, 11) };
#
# Failing calls die with a Kalends::Error (status, name, message; a subclass per status
# such as Kalends::Error::Misuse): catch them with eval or Try::Tiny. Handles are
# released when their object goes out of scope (DESTROY: Perl's reference counting
# makes that deterministic) or by ->close. A handle used after ->close reaches the
# library as a token it no longer knows: a Kalends::Error::Misuse, never a crash.
use strict;
use warnings;
use FFI::Platypus 2.00;
use FFI::Platypus::Buffer qw(scalar_to_buffer buffer_to_scalar);
use Kalends::ABI;

our $VERSION = '0.1.0';

my $ffi = FFI::Platypus->new(api => 2);
$ffi->lib($ENV{KALENDS_LIBRARY} || $ffi->find_lib(lib => 'kalends')
    || die "libkalends.so not found: set KALENDS_LIBRARY or install Kalends\n");
Kalends::ABI::bind($ffi);

sub version        { Kalends::ABI::kalends_version_string() }
sub version_number { Kalends::ABI::kalends_version() }
sub abi_version    { Kalends::ABI::kalends_abi_version() }

# Dies with the error of a failed call (status != KALENDS_OK).
sub check {
    my ($status) = @_;
    return if $status == Kalends::ABI::KALENDS_OK;
    die Kalends::Error->new($status);
}

sub date_string { my ($y, $m, $d) = @_; sprintf '%04d-%02d-%02d', $y, $m, $d }

my $scratch_date = Kalends::ABI::Date->new;

# The date of a day number (days since 1970-01-01): { year, month, day }.
sub date_from_day_number {
    my ($n) = @_;
    check(Kalends::ABI::kalends_date_from_day_number($n, $scratch_date));
    return { year => $scratch_date->year, month => $scratch_date->month, day => $scratch_date->day };
}

# Reads `count` records of `class` from a buffer filled by the library.
sub records {
    my ($class, $buffer, $count) = @_;
    my $size = $class->_ffi_record_size;
    return map { my $bytes = substr($buffer, $_ * $size, $size); bless \$bytes, $class } 0 .. $count - 1;
}

sub day_of {
    my ($d) = @_;
    return { date => date_string($d->date_year, $d->date_month, $d->date_day), day_number => $d->day_number,
             weekday => $d->weekday, week => $d->week_of_year_week, week_year => $d->week_of_year_year,
             flags => $d->flags };
}

# Calls fill->(pointer, capacity, \$count) on a grid-sized buffer; returns the days.
sub read_days {
    my ($fill) = @_;
    my $max = Kalends::ABI::KALENDS_GRID_MAX_DAYS;
    my $buffer = "\0" x (Kalends::ABI::Day->_ffi_record_size * $max);
    my ($pointer) = scalar_to_buffer($buffer);
    my $count = 0;
    check($fill->($pointer, $max, \$count));
    return [ map { day_of($_) } records('Kalends::ABI::Day', $buffer, $count) ];
}

package Kalends::Error;
use overload '""' => sub { my $e = shift; "kalends: $e->{name}: $e->{message}" }, fallback => 1;

my %CLASS = (
    Kalends::ABI::KALENDS_E_INVALID_ARGUMENT => 'InvalidArgument', Kalends::ABI::KALENDS_E_OUT_OF_RANGE => 'OutOfRange',
    Kalends::ABI::KALENDS_E_MISUSE => 'Misuse', Kalends::ABI::KALENDS_E_NOT_FOUND => 'NotFound',
    Kalends::ABI::KALENDS_E_DUPLICATE => 'Duplicate', Kalends::ABI::KALENDS_E_BUFFER_TOO_SMALL => 'BufferTooSmall',
);
for my $name (values %CLASS) { no strict 'refs'; @{"Kalends::Error::${name}::ISA"} = ('Kalends::Error') }

sub new {
    my ($class, $status) = @_;
    my $self = { status => $status, name => Kalends::ABI::kalends_status_string($status),
                 message => Kalends::ABI::kalends_last_error() };
    utf8::decode($self->{message});
    return bless $self, $CLASS{$status} ? "Kalends::Error::$CLASS{$status}" : $class;
}
sub status  { $_[0]{status} }
sub name    { $_[0]{name} }
sub message { $_[0]{message} }

# What the handle classes share: close (idempotent) and DESTROY.
package Kalends::Handle;

sub adopt { my ($class, $raw) = @_; bless { raw => $raw, closed => 0 }, $class }
sub raw { $_[0]{raw} }

# Releases the handle. The token stays: a later call dies with Kalends::Error::Misuse.
sub close {
    my ($self) = @_;
    return if $self->{closed};
    $self->{closed} = 1;
    Kalends::check($self->free($self->{raw}));
}

sub DESTROY {
    my ($self) = @_;
    return if ${^GLOBAL_PHASE} eq 'DESTRUCT';  # the process is ending: the FFI may be gone
    $self->free($self->{raw}) unless $self->{closed};
}

package Kalends::Calendar;
our @ISA = ('Kalends::Handle');
sub free { Kalends::ABI::kalends_calendar_free($_[1]) }

# Options change the library's defaults: first_weekday (1 Monday ... 7 Sunday),
# min_days_in_first_week, weekend_days (bit weekday - 1), today ([year, month, day]: fixed).
sub new {
    my ($class, %options) = @_;
    my $o = Kalends::ABI::CalendarOptions->new;
    Kalends::check(Kalends::ABI::kalends_calendar_options_init($o));
    for my $key (qw(first_weekday min_days_in_first_week weekend_days)) {
        $o->$key($options{$key}) if defined $options{$key};
    }
    if (my $today = $options{today}) {
        $o->today_mode(Kalends::ABI::KALENDS_TODAY_FIXED);
        $o->today_year($today->[0]); $o->today_month($today->[1]); $o->today_day($today->[2]);
    }
    my $raw;
    Kalends::check(Kalends::ABI::kalends_calendar_new($o, \$raw));
    return $class->adopt($raw);
}

sub options {
    my ($self) = @_;
    my $o = Kalends::ABI::CalendarOptions->new;
    Kalends::check(Kalends::ABI::kalends_calendar_options_init($o));
    Kalends::check(Kalends::ABI::kalends_calendar_get_options($self->{raw}, $o));
    return { first_weekday => $o->first_weekday, min_days_in_first_week => $o->min_days_in_first_week,
             weekend_days => $o->weekend_days, today_mode => $o->today_mode,
             today => Kalends::date_string($o->today_year, $o->today_month, $o->today_day) };
}

sub today {
    my ($self) = @_;
    my $d = Kalends::ABI::Date->new;
    Kalends::check(Kalends::ABI::kalends_calendar_today($self->{raw}, $d));
    return Kalends::date_string($d->year, $d->month, $d->day);
}

# The month grid of year-month (rows: 'fixed', 42 days, or 'variable'): day hashes.
sub month_grid {
    my ($self, $year, $month, $rows) = @_;
    my $r = ($rows // 'fixed') eq 'variable' ? Kalends::ABI::KALENDS_ROWS_VARIABLE : Kalends::ABI::KALENDS_ROWS_FIXED;
    return Kalends::read_days(sub { Kalends::ABI::kalends_calendar_month_grid($self->{raw}, $year, $month, $r, @_) });
}

package Kalends::View;
our @ISA = ('Kalends::Handle');
sub free { Kalends::ABI::kalends_view_free($_[1]) }

# A view of $calendar with default options; %metrics change the default metrics (width ...).
sub new {
    my ($class, $calendar, %metrics) = @_;
    my $m = Kalends::ABI::ViewMetrics->new;
    Kalends::check(Kalends::ABI::kalends_view_metrics_init($m));
    $m->$_($metrics{$_}) for keys %metrics;
    my $raw;
    Kalends::check(Kalends::ABI::kalends_view_new($calendar->raw, undef, $m, \$raw));
    return $class->adopt($raw);
}

sub page_of {
    my ($p, $prefix) = @_;
    return { map { my $m = "$prefix$_"; ($_ => $p->$m) } qw(mode anchor year month first last) };
}

sub page {
    my ($self) = @_;
    my $p = Kalends::ABI::Page->new;
    Kalends::check(Kalends::ABI::kalends_view_page($self->{raw}, $p));
    return page_of($p, '');
}

# A tap at (x, y) as Kal handles it: (element hit, action).
sub tap {
    my ($self, $x, $y) = @_;
    my ($hit, $a) = (Kalends::ABI::Element->new, Kalends::ABI::Action->new);
    Kalends::check(Kalends::ABI::kalends_view_tap($self->{raw}, $x, $y, $hit, $a));
    my $element = { kind => $hit->kind, index => $hit->index, day_number => $hit->day_number, flags => $hit->flags,
                    frame => [ $hit->frame_x, $hit->frame_y, $hit->frame_width, $hit->frame_height ] };
    my $action = { outcome => $a->outcome, day => $a->has_day ? $a->day : undef,
                   transition => { direction => $a->transition_direction, from => page_of($a, 'transition_from_'),
                                   to => page_of($a, 'transition_to_') } };
    return ($element, $action);
}

sub selection {
    my ($self) = @_;
    my $s = Kalends::ABI::Selection->new;
    Kalends::check(Kalends::ABI::kalends_view_selection($self->{raw}, $s));
    return { count => $s->count, first => $s->first, last => $s->last };
}

# The visible days with every view flag (selected, focused, ...).
sub days {
    my ($self) = @_;
    return Kalends::read_days(sub { Kalends::ABI::kalends_view_days($self->{raw}, @_) });
}

package Kalends::EventStore;
our @ISA = ('Kalends::Handle');
use FFI::Platypus::Buffer qw(scalar_to_buffer buffer_to_scalar);
sub free { Kalends::ABI::kalends_store_free($_[1]) }

sub new {
    my ($class) = @_;
    my $raw;
    Kalends::check(Kalends::ABI::kalends_store_new(\$raw));
    return $class->adopt($raw);
}

# Adds events (hashes: id, all_day, start, end, color, title) at once: a bad one adds none.
sub add_events {
    my ($self, @events) = @_;
    my $size = Kalends::ABI::Event->_ffi_record_size;
    my @titles = map { my $t = $_->{title} // ''; utf8::encode($t); $t } @events;  # alive during the call
    my $buffer = '';
    for my $i (0 .. $#events) {
        my $e = $events[$i];
        my ($title) = scalar_to_buffer($titles[$i]);
        my $r = Kalends::ABI::Event->new(
            struct_size => $size, all_day => $e->{all_day} ? 1 : 0, id => $e->{id}, start => $e->{start},
            end => $e->{end}, color => $e->{color} // 0, title => $title, title_length => length $titles[$i]);
        $buffer .= $$r;
    }
    my ($pointer) = scalar_to_buffer($buffer);
    Kalends::check(Kalends::ABI::kalends_store_add_events($self->{raw}, @events ? $pointer : undef, scalar @events));
}

sub count {
    my ($self) = @_;
    my $n = 0;
    Kalends::check(Kalends::ABI::kalends_store_count($self->{raw}, \$n));
    return $n;
}

# The events overlapping UTC days first..last (day numbers), in start order.
sub query {
    my ($self, $first, $last) = @_;
    my $n = 0;
    Kalends::check(Kalends::ABI::kalends_store_query($self->{raw}, undef, $first, $last, undef, 0, \$n));
    while (1) {
        my $capacity = $n;
        my $buffer = "\0" x (Kalends::ABI::Event->_ffi_record_size * ($capacity || 1));
        my ($pointer) = scalar_to_buffer($buffer);
        my $status = Kalends::ABI::kalends_store_query($self->{raw}, undef, $first, $last, $pointer, $capacity, \$n);
        next if $status == Kalends::ABI::KALENDS_E_BUFFER_TOO_SMALL;  # a source added events meanwhile
        Kalends::check($status);
        return [ map {
            my $title = $_->title ? buffer_to_scalar($_->title, $_->title_length) : '';
            utf8::decode($title);
            { id => $_->id, all_day => $_->all_day ? 1 : 0, start => $_->start, end => $_->end, color => $_->color,
              title => $title }
        } Kalends::records('Kalends::ABI::Event', $buffer, $n) ];
    }
}

1;
