/**
 * The day and time of a test drive or service (issue #11): a date from today to 60 days ahead and a
 * slot of that day's opening hours. The slots follow the date; whether the date can be booked (Sunday,
 * public holiday) is said on submit by the shared schema, in the same words as the API.
 */
import { useState } from 'react';
import { addDaysIso, BOOKING_WINDOW_DAYS, saNow, timeSlots } from '../../lib/booking.ts';
import { choices, type FieldGroupProps, fieldsOf, Input, Select } from '../form-kit/Field.tsx';

interface Props extends FieldGroupProps {
  /** "Test drive date", "Service date". */ what: string;
}

export function BookingFields({ form, errors, what }: Props) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const today = saNow().date;
  const slots = date ? timeSlots(date) : [];
  const field = fieldsOf(form, errors);
  return (
    <div className="field-row">
      <Input
        {...field('preferred_date')}
        type="date"
        label={`${what} date`}
        hint="Monday to Saturday, not on public holidays"
        min={today}
        max={addDaysIso(today, BOOKING_WINDOW_DAYS)}
        value={date}
        onChange={(e) => {
          setDate(e.target.value);
          if (!timeSlots(e.target.value).includes(time)) setTime('');
        }}
      />
      <Select
        {...field('preferred_time')}
        label="Time"
        hint={
          date && !slots.length ? 'No times on this day: please choose another date' : 'Within opening hours'
        }
        options={choices(slots)}
        placeholder={date ? 'Choose a time' : 'Choose a date first'}
        value={time}
        onChange={(e) => setTime(e.target.value)}
      />
    </div>
  );
}
