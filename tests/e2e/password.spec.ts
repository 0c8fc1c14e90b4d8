import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, HOME_PATH, OK_BUTTON, screenshot, signIn, signOut, submitLogin, toast, userMenu } from './support/app';

// wangwu keeps the new password for the rest of the run: the password rule refuses 123456, so it
// cannot be put back (the demo password is only ever seeded). No spec after this one (files run in
// name order, one worker) signs wangwu in: 财务's specs (caseJourney, invoiceRed) sort before it.
const USER = 'wangwu';
const NEW_PASSWORD = 'Wangwu#2025';
const POLICY = '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种';

test.describe('change password', () => {
  test('password change from the user menu: checks, success, then only the new password signs in', async ({ page }) => {
    await signIn(page, USER);
    await userMenu(page, '密码修改');
    const modal = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await expect(modal).toBeVisible();
    // Width 800 once the opening animation has finished.
    await expect.poll(async () => (await modal.locator('.ant-modal-content').boundingBox())?.width).toBe(800);

    // Every field is required.
    await modal.getByRole('button', { name: OK_BUTTON }).click();
    await expect(modal.getByText('请输入旧密码!')).toBeVisible();
    await expect(modal.getByText('请输入新密码!')).toBeVisible();
    await expect(modal.getByText('请确认新密码!')).toBeVisible();

    await modal.getByPlaceholder('请输入旧密码').fill(DEMO_PASSWORD);
    await modal.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await modal.getByPlaceholder('请再次输入新密码').fill(`${NEW_PASSWORD}x`);
    await modal.getByRole('button', { name: OK_BUTTON }).click();
    await expect(modal.getByText('两次输入的密码不一样！')).toBeVisible();
    await screenshot(page, '07-change-password-mismatch');

    // A wrong old password is refused by the server and the form stays open.
    await modal.getByPlaceholder('请输入旧密码').fill('wrong-old');
    await modal.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await modal.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '旧密码输入错误')).toBeVisible();
    await expect(modal).toBeVisible();

    // A weak new password is refused with the rule.
    await modal.getByPlaceholder('请输入旧密码').fill(DEMO_PASSWORD);
    await modal.getByPlaceholder('请输入新密码').fill('abcdefgh');
    await modal.getByPlaceholder('请再次输入新密码').fill('abcdefgh');
    await modal.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, POLICY)).toBeVisible();
    await expect(modal).toBeVisible();

    await modal.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await modal.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await modal.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '密码修改成功')).toBeVisible();
    await expect(modal).toBeHidden();

    await signOut(page);
    await submitLogin(page, USER, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await submitLogin(page, USER, NEW_PASSWORD);
    await expect(page).toHaveURL(HOME_PATH);
    await expect(page.locator('.global-header')).toContainText('欢迎您，王五');
  });
});
