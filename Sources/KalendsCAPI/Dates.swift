// kalends_date_* and kalends_year_*.
import CKalends
import KalendsCore

func dateFromDayNumber(_ dayNumber: Int32) throws(KalendsError) -> kalends_date { try Date(dayNumber: dayNumber).c }

func dateDayNumber(_ date: kalends_date) throws(KalendsError) -> Int32 { try Date(date).dayNumber }

func dateWeekday(_ date: kalends_date) throws(KalendsError) -> kalends_weekday { try Date(date).weekday.rawValue }

func dateDayOfYear(_ date: kalends_date) throws(KalendsError) -> Int32 { try Date(date).dayOfYear }

func dateIsoWeek(_ date: kalends_date) throws(KalendsError) -> kalends_week_of_year { try Date(date).isoWeek.c }

func yearIsLeap(_ year: Int32) throws(KalendsError) -> Int32 { try Year.isLeap(year) ? 1 : 0 }

func yearDaysInMonth(_ year: Int32, _ month: Int32) throws(KalendsError) -> Int32 { try Year.daysInMonth(year, month) }
