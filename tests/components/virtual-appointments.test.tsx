import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { serviceAreas } from '@/content/services';
import { bookingUrl } from '@/features/booking/booking-url';
import { Component as VirtualAppointments } from '@/routes/marketing/virtual-appointments';

function renderPage(url: string = paths.virtualAppointments) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <VirtualAppointments />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
});

describe('/virtual-appointments', () => {
  it('has one h1 and four benefit cards', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const benefits = screen
      .getByRole('heading', { level: 2, name: 'Why online appointments work' })
      .closest('section')!;
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows the seven service areas as tabs, each panel with features, duration, success rate and links', async () => {
    const user = userEvent.setup();
    renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(serviceAreas.map((area) => area.tabLabel));
    const expected: Record<string, [string, string, string]> = {
      habits: ['78%', '2-3 appointments', paths.habitsAddictions],
      anxiety: ['85%', '2-3 appointments', paths.anxietyStress],
      pain: ['72%', '2-3 appointments', paths.painManagement],
      weight: ['69%', '3-5 appointments', paths.weightManagement],
      sports: ['82%', '3-5 appointments', paths.sportsPerformance],
      sales: ['96%', '4-6 appointments', paths.salesHypnosis],
      professional: ['94%', '3-5 appointments', paths.professionalPerformance],
    };
    for (const area of serviceAreas) {
      await user.click(screen.getByRole('tab', { name: area.tabLabel }));
      const panel = screen.getByRole('tabpanel');
      const [rate, duration, page] = expected[area.id]!;
      expect(within(panel).getByText(rate)).toBeInTheDocument();
      expect(within(panel).getByText(duration)).toBeInTheDocument();
      expect(within(panel).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
      expect(within(panel).getByRole('link', { name: /Learn More/ })).toHaveAttribute('href', page);
      const booking = within(panel).getByRole('link', { name: /Book This Appointment/ });
      expect(booking).toHaveAttribute('href', bookingUrl());
      expect(booking).toHaveAttribute('target', '_blank');
    }
  });

  it('opens every booking link on the 50-minute page in a new tab', () => {
    renderPage();
    const bookingLinks = screen
      .getAllByRole('link', { hidden: true })
      .filter((link) => link.getAttribute('href')?.startsWith(site.scheduler.origin));
    expect(bookingLinks.length).toBeGreaterThanOrEqual(10);
    for (const link of bookingLinks) {
      expect(link).toHaveAttribute('href', bookingUrl());
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
  });

  it('shows the consent-gated calendar with its fallbacks and no admin field by default', () => {
    renderPage();
    expect(screen.getByRole('button', { name: 'Load calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Full Calendar/ })).toHaveAttribute('href', bookingUrl());
    expect(screen.getByRole('link', { name: 'Contact Directly' })).toHaveAttribute('href', paths.contact);
    expect(screen.queryByLabelText('Scheduler username')).not.toBeInTheDocument();
  });

  it('with ?admin=true offers a validated scheduler username field and Open External', async () => {
    const user = userEvent.setup();
    renderPage(`${paths.virtualAppointments}?admin=true`);
    const field = await screen.findByLabelText('Scheduler username');
    expect(field).toHaveValue(site.scheduler.username);
    expect(field).toHaveAttribute('aria-invalid', 'false');
    const openExternal = () => screen.getByRole('link', { name: /Open External/ });
    expect(openExternal()).toHaveAttribute('href', bookingUrl());
    expect(openExternal()).toHaveAttribute('target', '_blank');

    await user.clear(field);
    await user.type(field, 'another_practice-2');
    expect(openExternal()).toHaveAttribute('href', 'https://calendly.com/another_practice-2/50min');

    await user.type(field, '/x');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/letters, digits, hyphens \(-\) or underscores/);
    // The link never carries the invalid name; clicking it keeps the visitor on the field.
    expect(openExternal().getAttribute('href')).not.toContain('/x');
    await user.click(openExternal());
    expect(field).toHaveFocus();
  });
});
