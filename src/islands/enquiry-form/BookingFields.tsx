/**
 * The day and time of a test drive or service: a date from today to 60 days ahead and a
 * slot of that day's opening hours at the chosen dealership. The slots follow the date and the
 * dealership (a time the new choice does not offer is cleared); a day that cannot be booked there
 * (Sunday, public holiday, a day the dealership is closed) is said under the date at once, in the words
 * the API uses (src/domain/booking.ts through the shared schema).
 */
import { useEffect, useState } from 'react';
import {
  addDaysIso,
  anyDaySlots,
  BOOKING_WINDOW_DAYS,
  type BookingHours,
  bookingDateProblem,
  saNow,
  timeSlots,
} from '../../domain/booking.ts';
import { choices, type FieldGroupProps, fieldsOf, Input, Select } from '../form-kit/Field.tsx';

interface Props extends FieldGroupProps {
  /** "Test drive date", "Service date". */ what: string;
  /** The chosen dealership's opening hours (empty: the group's, also while they load). */
  hours: BookingHours;
  /** A date typed before the form hydrated (typed-before-hydration.ts), taken up once known. */
  typedDate?: string;
  /** A time chosen before the form hydrated, likewise. */
  typedTime?: string;
  /**
   * Before hydration (and without scripts) the times cannot follow the date: every slot of any day is
   * offered, and the server checks the one chosen against the day and the dealership.
   */
  hydrated: boolean;
}

export function BookingFields({ form, errors, what, hours, typedDate, typedTime, hydrated }: Props) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  useEffect(() => {
    if (typedDate) setDate(typedDate);
    if (typedTime) setTime(typedTime);
  }, [typedDate, typedTime]);
  const today = saNow().date;
  const slots = date ? timeSlots(date, undefined, hours) : hydrated ? [] : anyDaySlots(hours);
  const dateProblem = date ? bookingDateProblem(date, undefined, hours) : null;
  const field = fieldsOf(form, errors);
  return (
    <div className="field-row">
      <Input
        {...field('preferred_date')}
        error={errors.preferred_date ?? dateProblem ?? undefined}
        type="date"
        label={`${what} date`}
        hint="Monday to Saturday, not on public holidays"
        min={today}
        max={addDaysIso(today, BOOKING_WINDOW_DAYS)}
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <Select
        {...field('preferred_time')}
        label="Time"
        hint={
          date && !slots.length
            ? 'No times on this day: please choose another date'
            : "Within the dealership's opening hours"
        }
        options={choices(slots)}
        placeholder={date || !hydrated ? 'Choose a time' : 'Choose a date first'}
        value={slots.includes(time) ? time : ''}
        onChange={(e) => setTime(e.target.value)}
      />
    </div>
  );
}
