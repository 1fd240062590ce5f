import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_CHANGED_EVENT } from '@hf/app-kit';
import { failure, installFakeApi, reply, type FakeApi } from '../test-support/fake-api';
import { renderWithQueryClient } from '../test-support/render';
import { BLUE_COLORS, BUILT_IN_THEMES, DARK_COLORS, DEFAULT_COLORS, SUNSET_COLORS } from '../test-support/themes';
import AppearancePage from './AppearancePage';

jest.mock('../settings.css', () => ({}));

const sunset = { id: 7, name: 'Sunset', colors: SUNSET_COLORS };
const dark = BUILT_IN_THEMES[1];

function setup({
  saved = [sunset] as unknown[],
  preference = { preference: 'dark', theme: dark } as unknown,
} = {}): FakeApi {
  return installFakeApi({
    'GET /api/themes/defaults': reply(BUILT_IN_THEMES),
    'GET /api/themes/': reply(saved),
    'GET /api/themes/preference': reply(preference),
    'PUT /api/themes/preference': (req) => reply({ preference: (req.body as { theme_id: unknown }).theme_id }),
  });
}

const appliedColor = (key: string) => document.documentElement.style.getPropertyValue(`--${key}`);
const activeThemeName = () => screen.getByRole('heading', { name: /^Active theme:/ });
const card = (listName: string, themeName: string) =>
  within(screen.getByRole('list', { name: listName }))
    .getByText(themeName)
    .closest('li') as HTMLElement;

beforeEach(() => {
  document.documentElement.removeAttribute('style');
});
afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  const view = renderWithQueryClient(<AppearancePage />);
  await screen.findByRole('heading', { name: /^Active theme:/ });
  return view;
}

describe('AppearancePage: themes', () => {
  test('shows the active theme, the built-ins and the saved themes, each with Load', async () => {
    setup();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Appearance' })).toBeInTheDocument();
    expect(activeThemeName()).toHaveTextContent('Active theme: Dark Mode');
    const builtIns = screen.getByRole('list', { name: 'Built-in themes' });
    expect(
      within(builtIns)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.hf-theme-card__name')?.textContent),
    ).toEqual(['Default', 'Dark Mode (active)', 'Blue Ocean']);
    expect(within(builtIns).getAllByRole('button', { name: 'Load' })).toHaveLength(3);
    expect(within(builtIns).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const savedSunset = card('Saved themes', 'Sunset');
    expect(within(savedSunset).getByRole('button', { name: 'Load' })).toBeInTheDocument();
    expect(within(savedSunset).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Theme preview' })).toBeInTheDocument();
  });

  test('"No saved themes" when the user has none', async () => {
    setup({ saved: [] });
    await renderPage();
    expect(screen.getByText('No saved themes')).toBeInTheDocument();
  });

  test('Load applies the theme to the whole page, tells the shell and saves the preference', async () => {
    const api = setup();
    const user = userEvent.setup();
    const announced = jest.fn();
    window.addEventListener(THEME_CHANGED_EVENT, announced);
    await renderPage();

    await user.click(within(card('Built-in themes', 'Blue Ocean')).getByRole('button', { name: 'Load' }));
    expect(activeThemeName()).toHaveTextContent('Active theme: Blue Ocean');
    expect(appliedColor('primaryBg')).toBe(BLUE_COLORS.primaryBg);
    expect(appliedColor('statusClearedText')).toBe(BLUE_COLORS.statusClearedText);
    expect(announced).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/themes/preference').map((c) => c.body)).toEqual([{ theme_id: 'blue' }]),
    );

    await user.click(within(card('Saved themes', 'Sunset')).getByRole('button', { name: 'Load' }));
    expect(activeThemeName()).toHaveTextContent('Active theme: Sunset');
    expect(appliedColor('primaryBg')).toBe(SUNSET_COLORS.primaryBg);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/themes/preference').map((c) => c.body)).toEqual([
        { theme_id: 'blue' },
        { theme_id: 7 },
      ]),
    );
    window.removeEventListener(THEME_CHANGED_EVENT, announced);
  });

  test('theme load failures are only logged: the page still works from the built-ins', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    installFakeApi({
      'GET /api/themes/defaults': reply(BUILT_IN_THEMES),
      'GET /api/themes/': failure(500),
      'GET /api/themes/preference': failure(503, 'Service unavailable.'),
    });
    await renderPage();
    expect(activeThemeName()).toHaveTextContent('Active theme: Default');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('No saved themes')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  test('a failed preference save is only logged; the theme is still applied', async () => {
    const api = setup();
    api.on('PUT /api/themes/preference', failure(500));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderPage();
    await user.click(within(card('Built-in themes', 'Default')).getByRole('button', { name: 'Load' }));
    expect(appliedColor('mainBg')).toBe(DEFAULT_COLORS.mainBg);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('Reset to Default loads the Default theme and says so', async () => {
    const api = setup();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Reset to Default' }));
    expect(screen.getByRole('status')).toHaveTextContent('Theme reset to default.');
    expect(activeThemeName()).toHaveTextContent('Active theme: Default');
    expect(appliedColor('primaryBg')).toBe(DEFAULT_COLORS.primaryBg);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/themes/preference').map((c) => c.body)).toEqual([{ theme_id: 'default' }]),
    );
  });
});

describe('AppearancePage: save', () => {
  test('a blank name is refused with "Theme name cannot be empty." and nothing is sent', async () => {
    const api = setup();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Theme name cannot be empty.');
    await user.type(screen.getByLabelText('Theme name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Theme name cannot be empty.');
    expect(api.callsTo('POST /api/themes/')).toHaveLength(0);
  });

  test('saving sends the current colours under the name, names the theme and makes it active', async () => {
    const api = setup();
    api.on('POST /api/themes/', (req) => reply({ id: 8, ...(req.body as object) }, 201));
    const user = userEvent.setup();
    await renderPage();
    fireEvent.input(screen.getByLabelText('Header background'), { target: { value: '#ff0000' } });
    api.on(
      'GET /api/themes/',
      reply([sunset, { id: 8, name: 'Crimson', colors: { ...DARK_COLORS, primaryBg: '#ff0000' } }]),
    );

    await user.type(screen.getByLabelText('Theme name'), ' Crimson {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Theme "Crimson" saved successfully.');
    expect(api.callsTo('POST /api/themes/')[0].body).toEqual({
      name: 'Crimson',
      colors: { ...DARK_COLORS, primaryBg: '#ff0000' },
    });
    expect(activeThemeName()).toHaveTextContent('Active theme: Crimson');
    expect(screen.queryByText('Unsaved colour changes')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Theme name')).toHaveValue('');
    expect(card('Saved themes', 'Crimson')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PUT /api/themes/preference').map((c) => c.body)).toEqual([{ theme_id: 8 }]),
    );
  });

  test('a failed save shows the server message, else "Failed to save theme."', async () => {
    const api = setup();
    api.on('POST /api/themes/', failure(400, 'You can save at most 100 themes. Delete one to save another.'));
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('Theme name'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can save at most 100 themes. Delete one to save another.',
    );
    api.on('POST /api/themes/', failure(500));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save theme.'));
    expect(activeThemeName()).toHaveTextContent('Active theme: Dark Mode');
  });
});

describe('AppearancePage: delete', () => {
  test('a built-in theme cannot be deleted: Delete Theme is disabled and says why', async () => {
    const api = setup();
    const user = userEvent.setup();
    await renderPage();
    const button = screen.getByRole('button', { name: 'Delete Theme' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Built-in themes cannot be deleted.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  test('deleting a saved theme asks first, then deletes it', async () => {
    const api = setup();
    api.on('DELETE /api/themes/7', reply({ message: 'Theme deleted successfully.' }));
    const user = userEvent.setup();
    await renderPage();

    await user.click(within(card('Saved themes', 'Sunset')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Theme' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this theme? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/themes/7')).toHaveLength(0);

    api.on('GET /api/themes/', reply([]));
    await user.click(within(card('Saved themes', 'Sunset')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Theme' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Theme deleted successfully.');
    expect(await screen.findByText('No saved themes')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/themes/7')).toHaveLength(1);
    expect(activeThemeName()).toHaveTextContent('Active theme: Dark Mode');
  });

  test('deleting the active saved theme falls back to Default', async () => {
    const api = setup({ preference: { preference: 7, theme: sunset } });
    api.on('DELETE /api/themes/7', reply({ message: 'Theme deleted successfully.' }));
    const user = userEvent.setup();
    await renderPage();
    expect(activeThemeName()).toHaveTextContent('Active theme: Sunset');
    await user.click(screen.getByRole('button', { name: 'Delete Theme' }));
    await user.keyboard('y');
    expect(await screen.findByText('Theme deleted successfully.')).toBeInTheDocument();
    expect(activeThemeName()).toHaveTextContent('Active theme: Default');
    expect(appliedColor('primaryBg')).toBe(DEFAULT_COLORS.primaryBg);
  });

  test('a failed delete shows "Failed to delete theme."', async () => {
    const api = setup();
    api.on('DELETE /api/themes/7', failure(500));
    const user = userEvent.setup();
    await renderPage();
    await user.click(within(card('Saved themes', 'Sunset')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete theme.');
    expect(card('Saved themes', 'Sunset')).toBeInTheDocument();
  });
});

describe('AppearancePage: live preview and colour editing', () => {
  test('colours that read below 4.5:1 get a low-contrast warning naming the pair', async () => {
    setup();
    await renderPage();
    const hex = screen.getByRole('textbox', { name: 'Header text hex' });
    fireEvent.change(hex, { target: { value: DARK_COLORS.primaryBg } });
    const warning = await screen.findByRole('region', { name: 'Low contrast' });
    expect(within(warning).getByText('Header text on header background: 1.0:1')).toBeInTheDocument();
  });

  test('clicking a part of the preview selects the colour section being edited', async () => {
    setup();
    const user = userEvent.setup();
    await renderPage();
    const preview = screen.getByRole('group', { name: 'Theme preview' });
    const editorHeading = () => screen.getByRole('heading', { name: /^Editing:/ });

    expect(editorHeading()).toHaveTextContent('Editing: Header bar');
    expect(screen.getByLabelText('Header background')).toHaveValue(DARK_COLORS.primaryBg);
    expect(screen.getByLabelText('Header text')).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Header bar' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(preview).getByText('Pending'));
    expect(editorHeading()).toHaveTextContent('Editing: Status badges');
    for (const label of ['Pending background', 'Pending text', 'Cleared background', 'Cleared text'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('Header background')).not.toBeInTheDocument();

    await user.click(within(preview).getByText('Rent (budgeted)'));
    expect(editorHeading()).toHaveTextContent('Editing: Register rows');
    expect(screen.getByLabelText('Budgeted row')).toHaveValue(DARK_COLORS.rowBudgetBg);

    await user.click(within(preview).getByText('Add Transaction'));
    expect(editorHeading()).toHaveTextContent('Editing: Primary button');
    await user.click(within(preview).getByText('Envelopes'));
    expect(editorHeading()).toHaveTextContent('Editing: Secondary panel');
    await user.click(within(preview).getByText('Payee'));
    expect(editorHeading()).toHaveTextContent('Editing: Entry row');
    await user.click(within(preview).getByRole('button', { name: 'Page background and text' }));
    expect(editorHeading()).toHaveTextContent('Editing: Page background and text');
    expect(screen.getByLabelText('Page background')).toHaveValue(DARK_COLORS.mainBg);
    // a click on the page background between the parts selects the page too
    await user.click(within(preview).getByRole('button', { name: 'Header bar' }));
    await user.click(preview.querySelector('.hf-preview__backdrop')!);
    expect(editorHeading()).toHaveTextContent('Editing: Page background and text');
    expect(screen.getByLabelText('Main text')).toHaveValue(DARK_COLORS.mainText);

    // keyboard: the parts are focusable buttons
    within(preview).getByRole('button', { name: 'Header bar' }).focus();
    await user.keyboard('{Enter}');
    expect(editorHeading()).toHaveTextContent('Editing: Header bar');
  });

  test('a colour change applies live to the page and the preview', async () => {
    setup();
    const user = userEvent.setup();
    await renderPage();
    const announced = jest.fn();
    window.addEventListener(THEME_CHANGED_EVENT, announced);

    fireEvent.input(screen.getByLabelText('Header background'), { target: { value: '#ff0000' } });
    expect(appliedColor('primaryBg')).toBe('#ff0000');
    expect(announced).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Header bar' })).toHaveStyle({ background: '#ff0000' });
    expect(screen.getByLabelText('Header background hex')).toHaveValue('#ff0000');
    expect(screen.getByText('Unsaved colour changes')).toBeInTheDocument();

    const hex = screen.getByLabelText('Header text hex');
    await user.clear(hex);
    await user.type(hex, '#0f0');
    expect(appliedColor('primaryText')).toBe('#0f0');
    expect(screen.getByLabelText('Header text')).toHaveValue('#00ff00');
    await user.clear(hex);
    await user.type(hex, 'banana');
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(appliedColor('primaryText')).toBe('#0f0');
    await user.tab();
    expect(hex).toHaveValue('#0f0');
    window.removeEventListener(THEME_CHANGED_EVENT, announced);
  });

  test('Reset Section restores only that section from the active theme', async () => {
    setup();
    const user = userEvent.setup();
    await renderPage();
    fireEvent.input(screen.getByLabelText('Header background'), { target: { value: '#ff0000' } });
    fireEvent.input(screen.getByLabelText('Header text'), { target: { value: '#00ff00' } });
    await user.click(screen.getByRole('button', { name: 'Page background and text' }));
    fireEvent.input(screen.getByLabelText('Page background'), { target: { value: '#0000ff' } });
    await user.click(screen.getByRole('button', { name: 'Header bar' }));

    await user.click(screen.getByRole('button', { name: 'Reset Section' }));
    expect(screen.getByLabelText('Header background')).toHaveValue(DARK_COLORS.primaryBg);
    expect(screen.getByLabelText('Header text')).toHaveValue(DARK_COLORS.primaryText);
    expect(appliedColor('primaryBg')).toBe(DARK_COLORS.primaryBg);
    expect(appliedColor('mainBg')).toBe('#0000ff');
    expect(screen.getByText('Unsaved colour changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page background and text' }));
    await user.click(screen.getByRole('button', { name: 'Reset Section' }));
    expect(appliedColor('mainBg')).toBe(DARK_COLORS.mainBg);
    expect(screen.queryByText('Unsaved colour changes')).not.toBeInTheDocument();
  });
});
