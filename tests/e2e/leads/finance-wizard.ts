/** The finance wizard as a page object: one fillStep(n) per step of SPEC §2. */
import { expect, type Locator, type Page } from '@playwright/test';
import { FINANCE_CONFIRMATIONS, FINANCE_STEPS } from '../../../src/contract/forms/finance.ts';
import { hydrated, PERSON, VALID_ID } from './helpers.ts';

export const STEP_TITLES = FINANCE_STEPS.map((s) => s.title);
export const bannerText = (n: number) =>
  `There are ${n} errors on this page. Please correct them before moving on.`;

export class FinanceWizard {
  readonly page: Page;
  readonly form: Locator;
  constructor(page: Page) {
    this.page = page;
    this.form = page
      .getByRole('form')
      .filter({ has: page.getByRole('navigation', { name: 'Application progress' }) });
  }

  async open(path = '/finance') {
    await this.page.goto(path);
    await hydrated(this.page);
    await expect(this.next).toBeEnabled();
  }

  get heading(): Locator {
    return this.form.getByRole('heading', { level: 2 });
  }
  get next(): Locator {
    return this.form.getByRole('button', { name: 'Next', exact: true });
  }
  get previous(): Locator {
    return this.form.getByRole('button', { name: 'Previous' });
  }
  get submit(): Locator {
    return this.form.getByRole('button', { name: 'Submit', exact: true });
  }
  get banner(): Locator {
    return this.form.getByRole('alert').filter({ hasText: /^There are \d+ errors/ });
  }
  group(name: string): Locator {
    return this.form.getByRole('group', { name });
  }
  field(label: string, group?: string): Locator {
    return (group ? this.group(group) : this.form).getByLabel(label, { exact: true });
  }

  async expectStep(n: number) {
    await expect(this.heading).toHaveText(STEP_TITLES[n] as string);
  }

  async fillStep(n: number) {
    const f = (label: string, value: string, group?: string) => this.field(label, group).fill(value);
    if (n === 0) {
      const dealer = this.field('Dealership');
      await expect(dealer.locator('option')).not.toHaveCount(1);
      if ((await dealer.inputValue()) === '') await dealer.selectOption({ index: 1 });
      await this.field('Vehicle type').selectOption('new');
      await expect(this.field('Make')).toHaveValue('Subaru');
      const model = this.field('Model');
      await expect(model.locator('option')).not.toHaveCount(1);
      await model.selectOption({ index: 1 });
      await f('First name', PERSON.first);
      await f('Last name', PERSON.last);
      await f('South African ID number', VALID_ID);
      await f('Email', PERSON.email);
      await f('Cell phone', PERSON.phone);
      await f('Street', '12 Jacaranda Street', 'Your address');
      await f('Suburb', 'Ruimsig', 'Your address');
      await f('Postal code', '1724', 'Your address');
      await f('Phone', '083 555 0100', 'Next of kin');
      await f('Relationship', 'Sister', 'Next of kin');
      await f('Street', '4 Protea Road', 'Next of kin');
      await f('Suburb', 'Florida', 'Next of kin');
      await f('Postal code', '1709', 'Next of kin');
    } else if (n === 1) {
      await f('Occupation', 'Engineer');
      await f('Company', 'Acme Mining');
      await f('Years worked there', '6');
      await f('Work phone number', '011 958 1800');
      await f('Street', '1 Main Reef Road', 'Employment');
      await f('Suburb', 'Roodepoort', 'Employment');
      await f('Postal code', '1724', 'Employment');
      await f('Basic monthly salary in rand', '45000');
      await f('Total salary in rand', '52 000');
      await f('Nett take-home pay in rand', '38500.50');
    } else if (n === 2) {
      await f('Bank name', 'First National Bank');
      await f('Account holder name', 'T Nkosi');
    } else if (n === 3) {
      await f('Bond payment or rent in rand', '9500');
      await f('Total monthly household expenses in rand', '18000');
      await f('Food and entertainment in rand', '4500');
      await f('Transport costs in rand', '2500');
      await f('Policy and insurance repayments in rand', '1200');
    } else {
      for (const c of FINANCE_CONFIRMATIONS) await this.form.getByRole('checkbox', { name: c.label }).check();
    }
  }
}
