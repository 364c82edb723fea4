/**
 * The month of confirmed bookings (antd Calendar): a day with events carries their count, and the
 * month's events are listed beneath it by day, each a button that opens the booking. A day cell is
 * a phone's seventh of the width: an event's time and name do not fit in it (they covered the next
 * day). The month is the truck's calendar month; Calendar's day cells come from dayjs.
 */
import type { BookingSummary } from '@domain/bookings/contracts';
import { Calendar } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
// The Calendar takes its month and day names from dayjs in the ConfigProvider's language (per call,
// not dayjs's global locale): Arabic's must be loaded, as the pickers load it (ui/pickers.antd.tsx).
import 'dayjs/locale/ar';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/loading';
import type { BookingFormat } from './booking-format';
import { useBookingMonthQuery } from './bookings.api';

/** Opens at `initialMonth` ('YYYY-MM': the selected booking's), else this month. */
export default function BookingCalendar({ truckId, format, initialMonth, onOpen }: { truckId: string; format: BookingFormat; initialMonth?: string; onOpen(booking: BookingSummary): void }) {
  const { t } = useTranslation('bookings');
  const [month, setMonth] = useState(() => initialMonth ?? dayjs().format('YYYY-MM'));
  const { data, isLoading } = useBookingMonthQuery({ truckId, month });
  const byDay = useMemo(() => {
    const days = new Map<string, BookingSummary[]>();
    for (const booking of data?.bookings ?? []) days.set(booking.eventDate, [...(days.get(booking.eventDate) ?? []), booking]);
    return days;
  }, [data]);

  const cell = (day: Dayjs) => {
    const count = byDay.get(day.format('YYYY-MM-DD'))?.length ?? 0;
    return count === 0 ? null : (
      <span className="td-booking-calendar__count" aria-hidden>
        {format.count(count)}
      </span>
    );
  };
  const agenda = [...(data?.bookings ?? [])].sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.startTime.localeCompare(b.startTime));

  return (
    <section className="td-booking-calendar" aria-label={t('calendar.title')} data-testid="booking-calendar">
      {isLoading && <Loading />}
      <Calendar
        fullscreen={false}
        value={dayjs(`${month}-01`)}
        onPanelChange={(value) => setMonth(value.format('YYYY-MM'))}
        onChange={(value) => setMonth(value.format('YYYY-MM'))}
        mode="month"
        cellRender={(value, info) => (info.type === 'date' ? cell(value) : info.originNode)}
      />
      {data && data.bookings.length === 0 && <p className="td-loading">{t('calendar.empty')}</p>}
      {agenda.length > 0 && (
        <ul className="td-booking-calendar__events" aria-label={t('calendar.title')}>
          {agenda.map((booking) => (
            <li key={booking.id}>
              <button type="button" className="td-booking-calendar__event" data-testid={`calendar-booking-${booking.number}`} onClick={() => onOpen(booking)}>
                <span>{format.date(booking.eventDate)}</span>
                <bdi>{format.wallTime(booking.startTime)}</bdi>
                <span>#{format.count(booking.number)}</span>
                <bdi className="td-booking-calendar__what">{booking.eventType}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
