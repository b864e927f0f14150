import { useContext, useRef } from 'react';
import { CalendarStateContext } from 'react-aria-components';
import { mergeProps, useCalendarCell, useFocusRing, useLocale } from 'react-aria';
import { isSameMonth, type CalendarDate } from '@internationalized/date';
import type { DayNote } from './day-notes';

/**
 * A day of the calendar with a note under its number. React Aria's own cell names a day by its date alone and
 * takes no other name, so this one is built from the same hook (the same keys, focus and selection) with the note
 * added to its name. Its room is kept when the note is missing, so a grid does not grow as notes arrive.
 */
export function NotedCell({ date, note }: { date: CalendarDate; note: DayNote | null }) {
  const state = useContext(CalendarStateContext)!;
  const ref = useRef<HTMLDivElement>(null);
  const outside = !isSameMonth(date, state.visibleRange.start);
  const { cellProps, buttonProps, isSelected, isDisabled, isUnavailable, formattedDate } = useCalendarCell({ date, isOutsideMonth: outside }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { locale } = useLocale();
  const dayName = buttonProps['aria-label'] ?? formattedDate;
  const comma = locale.startsWith('ar') ? '، ' : ', ';
  return (
    <td {...cellProps}>
      <div
        {...mergeProps(buttonProps, focusProps)} ref={ref} aria-label={note ? `${dayName}${comma}${note.label}` : dayName}
        className="date-cell date-cell-noted" data-date={date.toString()} data-tone={note?.tone}
        data-selected={isSelected || undefined} data-disabled={isDisabled || undefined} data-unavailable={isUnavailable || undefined}
        data-outside-month={outside || undefined} data-focus-visible={isFocusVisible || undefined}
      >
        <span className="date-cell-day">{formattedDate}</span>
        <span className="date-cell-note" aria-hidden="true">{note?.text ?? ''}</span>
      </div>
    </td>
  );
}
