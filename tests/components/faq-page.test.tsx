import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { faqEntries } from '@/content/faq-entries';
import { FaqAccordion } from '@/features/faq/faq-accordion';
import { readFaqEntries } from '@/features/faq/faq-browser-island';
import { Component as FaqPage } from '@/routes/marketing/faq';

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/faq']}>
      <FaqPage />
    </MemoryRouter>,
  );
  return user;
}

const status = () => screen.getByRole('status');
const search = () => screen.getByRole('searchbox', { name: 'Search the questions' });
// A chip's name is its label and its count, e.g. 'General, 8 questions' (the visible count pill is aria-hidden).
const chip = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^${label}\\s*, \\d+ questions$`) });
const questionsShown = () => document.querySelectorAll('details').length;

function detailsOf(question: string): HTMLDetailsElement {
  const details = screen.getByText(question).closest('details');
  if (!details) throw new Error(`no <details> for "${question}"`);
  return details;
}

describe('FAQ page', () => {
  it('shows the heading, all 33 questions, the search box and the result text', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(questionsShown()).toBe(33);
    expect(search()).toHaveAttribute('placeholder', 'Search FAQs...');
    expect(status()).toHaveTextContent('Showing 33 of 33 questions');
    expect(status()).toHaveAttribute('role', 'status');
  });

  it('shows the six category chips with counts, All Categories pressed', () => {
    renderPage();
    const group = screen.getByRole('group', { name: 'Filter by category' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((button) => button.textContent?.replace(/,.*$/, ''))).toEqual([
      'All Categories33',
      'General8',
      'Appointments8',
      'Treatments7',
      'Privacy & Security5',
      'Pricing5',
    ]);
    expect(chip('All Categories')).toHaveAccessibleName(/^All Categories\s*, 33 questions$/);
    expect(chip('All Categories')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('General')).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by category chip', async () => {
    const user = renderPage();
    await user.click(chip('Privacy & Security'));
    expect(chip('Privacy & Security')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('All Categories')).toHaveAttribute('aria-pressed', 'false');
    expect(questionsShown()).toBe(5);
    expect(status()).toHaveTextContent(/^Showing 5 of 33 questions$/);
    expect(screen.getByText('Are appointments recorded?')).toBeInTheDocument();
    expect(screen.queryByText('How long is an appointment?')).not.toBeInTheDocument();
  });

  it('searches case-insensitively and says what it matched', async () => {
    const user = renderPage();
    await user.type(search(), 'REFUND');
    const expected = faqEntries.filter((entry) =>
      `${entry.question} ${entry.answer}`.toLowerCase().includes('refund'),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(questionsShown()).toBe(expected);
    expect(status()).toHaveTextContent(`Showing ${expected} of 33 questions matching "REFUND"`);
  });

  it('combines search and category', async () => {
    const user = renderPage();
    await user.type(search(), 'appointment');
    await user.click(chip('Pricing'));
    const expected = faqEntries.filter(
      (entry) =>
        entry.category === 'pricing' &&
        `${entry.question} ${entry.answer}`.toLowerCase().includes('appointment'),
    );
    expect(questionsShown()).toBe(expected.length);
    expect(status()).toHaveTextContent(`Showing ${expected.length} of 33 questions matching "appointment"`);
  });

  it('accordion: single open and collapsible', async () => {
    const user = renderPage();
    const first = 'What is hypnotherapy?';
    const second = 'Is hypnotherapy safe?';
    await user.click(screen.getByText(first));
    expect(detailsOf(first).open).toBe(true);
    await user.click(screen.getByText(second));
    expect(detailsOf(second).open).toBe(true);
    expect(detailsOf(first).open).toBe(false);
    expect(document.querySelectorAll('details[open]')).toHaveLength(1);
    await user.click(screen.getByText(second));
    expect(document.querySelectorAll('details[open]')).toHaveLength(0);
  });

  it('shows the empty state, and Clear all filters resets search and category', async () => {
    const user = renderPage();
    await user.click(chip('Treatments'));
    await user.type(search(), 'xylophone');
    expect(questionsShown()).toBe(0);
    expect(screen.getByRole('heading', { name: 'No questions found' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Showing 0 of 33 questions matching "xylophone"');

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(search()).toHaveValue('');
    expect(search()).toHaveFocus();
    expect(chip('All Categories')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Treatments')).toHaveAttribute('aria-pressed', 'false');
    expect(questionsShown()).toBe(33);
    expect(status()).toHaveTextContent(/^Showing 33 of 33 questions$/);
    expect(screen.queryByText('No questions found')).not.toBeInTheDocument();
  });

  it('links to the contact page', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('states FAQPage structured data with all 33 questions and answers', () => {
    renderPage();
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(33);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: faqEntries[0]?.question,
      acceptedAnswer: { '@type': 'Answer', text: faqEntries[0]?.answer },
    });
  });
});

describe('the FAQ search island', () => {
  it('reads back from the prerendered accordion the entries it rendered: id, category, question and answer', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FaqAccordion entries={faqEntries} />);
    expect(readFaqEntries(container)).toEqual(faqEntries);
  });
});
