import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setUser } from '../../api/session';
import { routePath } from '../../routes/paths';
import { TwoFactorSetup } from '../user/TwoFactorSetup';
import '../user/account.css';

/**
 * The set-up that role 1's rule requires right after the password step (route twoFactorSetup): nothing else opens
 * before it. Turning it on completes the sign-in (the answer carries the user), then the remembered page opens.
 */
export default function TwoFactorSetupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <main className="bo-two-factor-page">
      <Card title={t('twoFactor.setupTitle')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={t('twoFactor.requiredHelp')} />
          <TwoFactorSetup
            onDone={(answer) => {
              if (answer.data) setUser(answer.data);
              // The login route's guest guard sends a signed-in user on to the remembered page or the dashboard.
              void navigate(`${routePath('login')}${params.size ? `?${params}` : ''}`, { replace: true });
            }}
          />
          <Typography.Text type="secondary">
            <Link to={routePath('login')}>{t('twoFactor.startOver')}</Link>
          </Typography.Text>
        </Flex>
      </Card>
    </main>
  );
}
