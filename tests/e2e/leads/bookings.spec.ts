/**
 * Dated test drives, service bookings and parts requests (issue #11) on phone and desktop: the
 * booking rules say what is wrong with a day in the API's words, and a good booking reaches the API
 * with its day and slot. Each form is also saved as a screenshot (test output) for review.
 */
import { expect, test } from '@playwright/test';
import { addDaysIso, saNow } from '../../../src/domain/booking.ts';
import { EnquiryPage, expectNoAxeViolations, formPages, leadPosts } from './helpers.ts';

function nextSunday(): string {
  const today = saNow().date;
  for (let d = 1; d <= 7; d++) {
    const date = addDaysIso(today, d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) return date;
  }
  throw new Error('no Sunday in a week');
}

test('a test drive on a Sunday is refused; on an open day it is booked with its time @mobile', async ({
  page,
  request,
}, info) => {
  const d = await formPages(request);
  const form = new EnquiryPage(page, 'Test drive booking', 'Book my test drive');
  const posts = leadPosts(page, 'customer_enquiries');
  await form.open(d.testDrive);
  await form.fillValid();
  await form.field('Test drive date').fill(nextSunday());
  await expect(form.field('Time')).toHaveAccessibleDescription(/No times on this day/);
  await form.submit.click();
  expect(await form.errors()).toEqual([
    'We are closed on Sundays; please choose another day',
    'Time is required',
  ]);
  await expect(form.field('Test drive date')).toBeFocused();
  expect(posts).toHaveLength(0);

  const slot = await form.fillBooking();
  await form.form.screenshot({ path: info.outputPath('test-drive-form.png') });
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you\/?$/);
  expect(posts[0]?.status).toBe(201);
  expect(posts[0]?.body).toMatchObject({
    form_name: 'test-drive',
    preferred_date: slot.date,
    preferred_time: slot.time,
  });
});

test('a service is booked with its date, time, type, registration, mileage and dealership @mobile', async ({
  page,
}, info) => {
  const form = new EnquiryPage(page, 'Service booking', 'Book my service');
  const posts = leadPosts(page, 'customer_enquiries');
  await form.open('/book-a-service');
  const dealer = form.field('Preferred dealership');
  await expect(dealer.locator('option')).not.toHaveCount(1);
  await dealer.selectOption({ index: 1 });
  await form.fillValid('Rattle from the back on gravel');
  const slot = await form.fillService();
  await expectNoAxeViolations(page);
  await form.form.screenshot({ path: info.outputPath('service-form.png') });
  await form.submit.click();
  await expect(page).toHaveURL(/\/book-a-service\/thank-you\/?$/);
  expect(posts[0]?.status).toBe(201);
  expect(posts[0]?.body).toMatchObject({
    form_name: 'service',
    preferred_date: slot.date,
    preferred_time: slot.time,
    service_type: 'Major service',
    registration: 'CA 123-456',
    mileage: '85 000',
  });
  expect(String(posts[0]?.body.dealer_slug)).not.toBe('');
});

test('a parts request with neither a part number nor a description shows the error @mobile', async ({
  page,
}, info) => {
  const form = new EnquiryPage(page, 'Parts enquiry', 'Request a quote');
  const posts = leadPosts(page, 'customer_enquiries');
  await form.open('/parts');
  await form.fillValid('');
  await form.submit.click();
  expect(await form.errors()).toEqual(['A part number or a description of the part is required']);
  await expect(form.field(/^Part number/)).toBeFocused();
  await expect(form.field(/^Part number/)).toHaveAccessibleDescription(
    /A part number or a description of the part is required/,
  );
  await form.form.screenshot({ path: info.outputPath('parts-form-error.png') });
  expect(posts).toHaveLength(0);
  await form.field('Part description').fill('Front brake pads for a 2019 Forester');
  await form.submit.click();
  await expect(page).toHaveURL(/\/parts\/thank-you\/?$/);
  expect(posts[0]?.status).toBe(201);
});
